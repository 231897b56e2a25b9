# Measurement: one variant generated, built, flashed and run; its sizes read from the ELF.
set(_dir ${CMAKE_CURRENT_LIST_DIR})
add_library(aotbench_measure STATIC ${_dir}/measure.cpp ${_dir}/elf_sizes.cpp ${_dir}/failure_cause.cpp)
target_include_directories(aotbench_measure PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}")
target_link_libraries(aotbench_measure PUBLIC aotbench_infer aotbench_host aotbench_results PkgConfig::LIBELF fmt::fmt)

include(${_dir}/tests/measure_tests.cmake OPTIONAL)
