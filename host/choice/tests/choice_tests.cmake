# Choice tests (CTest names choice.*): the winner under limits, the fit check, the footprint model, best.toml.
set(_dir ${CMAKE_CURRENT_LIST_DIR})
add_executable(choice_tests ${_dir}/choice_select_test.cpp ${_dir}/choice_fit_check_test.cpp
                            ${_dir}/choice_footprint_test.cpp ${_dir}/choice_best_config_test.cpp)
# aotbench_sweep: the fit check's cases are written in the space language.
target_link_libraries(choice_tests PRIVATE aotbench_choice aotbench_sweep GTest::gtest_main)
gtest_discover_tests(choice_tests TEST_PREFIX choice. DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 300)
