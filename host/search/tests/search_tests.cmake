# Search tests (CTest names search.*): the per-layer tuner and its checks of the tuning log.
set(_dir ${CMAKE_CURRENT_LIST_DIR})
add_executable(search_tests ${_dir}/search_tuner_test.cpp ${_dir}/search_log_trust_test.cpp)
target_link_libraries(search_tests PRIVATE aotbench_search GTest::gtest_main)
gtest_discover_tests(search_tests TEST_PREFIX search. DISCOVERY_TIMEOUT 60
                     PROPERTIES ENVIRONMENT "AOTBENCH_CACHE_DIR=${CMAKE_BINARY_DIR}/test-cache" TIMEOUT 600)
