# --board host: generated code built natively with the host runner (host_main.c), plus the
# `aotbench codegen` and `aotbench infer` commands.
add_library(aotbench_infer STATIC
  ${CMAKE_CURRENT_LIST_DIR}/host_build.cpp
  ${CMAKE_CURRENT_LIST_DIR}/infer.cpp)
target_include_directories(aotbench_infer PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}")
target_link_libraries(aotbench_infer PUBLIC aotbench_codegen_emit aotbench_codegen_reader aotbench_codegen_interp
                      aotbench_codegen_zoo aotbench_host aotbench_data_dir fmt::fmt)
target_compile_definitions(aotbench_infer PRIVATE "AOTBENCH_SOURCE_DIR=\"${CMAKE_SOURCE_DIR}\"")

target_sources(aotbench PRIVATE ${CMAKE_CURRENT_LIST_DIR}/../cli/cmd_codegen.cpp
                                ${CMAKE_CURRENT_LIST_DIR}/../cli/cmd_infer.cpp)
target_link_libraries(aotbench PRIVATE aotbench_infer aotbench_codegen_package)

include(${CMAKE_CURRENT_LIST_DIR}/tests/infer_tests.cmake OPTIONAL)
