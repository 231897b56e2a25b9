# Search strategies: which variants to measure next, on top of measurement and choice only. Each
# strategy is a folder (found by glob) and a line in registry.cpp.
set(_dir ${CMAKE_CURRENT_LIST_DIR})
file(GLOB _strategies CONFIGURE_DEPENDS ${_dir}/*/*.cpp)
list(FILTER _strategies EXCLUDE REGEX "/tests/")
add_library(aotbench_search STATIC ${_dir}/registry.cpp ${_strategies})
target_include_directories(aotbench_search PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}")
target_link_libraries(aotbench_search PUBLIC aotbench_measure aotbench_choice fmt::fmt)

include(${_dir}/tests/search_tests.cmake OPTIONAL)
