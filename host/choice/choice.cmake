# Choice: which measured variant wins under the board's limits, what fits before building, and
# the winner written as best.toml.
set(_dir ${CMAKE_CURRENT_LIST_DIR})
add_library(aotbench_choice STATIC ${_dir}/select.cpp ${_dir}/fit_check.cpp ${_dir}/best_config.cpp ${_dir}/footprint.cpp)
target_include_directories(aotbench_choice PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}")
target_link_libraries(aotbench_choice PUBLIC aotbench_infer aotbench_board aotbench_results PkgConfig::TOMLPP fmt::fmt)

include(${_dir}/tests/choice_tests.cmake OPTIONAL)
