# Every operator against TFLite Micro's Python interpreter, live (codegen.ops.<family>, and
# codegen.ops.i64.<family> with 64-bit indices). The cases are random but seeded: the same on
# every run.
if(NOT TARGET aotbench_codegen_interp_i32 OR NOT TARGET aotbench_codegen_reader)
  return()
endif()
set(_ops ${CMAKE_CURRENT_LIST_DIR}/ops)
# The cases and the oracle runner, for these tests and the host and device ones (host/).
file(GLOB _op_cases CONFIGURE_DEPENDS ${_ops}/op_cases_*.cpp)
add_library(aotbench_op_cases STATIC ${_ops}/op_case.cpp ${_ops}/op_families.cpp ${_ops}/tflm_oracle.cpp ${_op_cases})
target_include_directories(aotbench_op_cases PUBLIC ${_ops} ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(aotbench_op_cases PUBLIC aotbench_codegen_ir aotbench_tflite_schema fmt::fmt GTest::gtest)
target_compile_definitions(aotbench_op_cases PUBLIC
  "AOTBENCH_TFLM_ORACLE=\"${CMAKE_CURRENT_SOURCE_DIR}/tflm/tflm_oracle.py\""
  "AOTBENCH_DEPS_DIR=\"${AOTBENCH_DEPS_DIR}\"")
foreach(bits 32 64)
  add_executable(codegen_op_tests_i${bits} ${_ops}/op_oracle_test.cpp)
  target_link_libraries(codegen_op_tests_i${bits} PRIVATE aotbench_op_cases aotbench_codegen_interp_i${bits}
                        aotbench_codegen_reader aotbench_codegen_plan GTest::gtest_main)
  target_compile_definitions(codegen_op_tests_i${bits} PRIVATE
    "AOTBENCH_TEST_TMP=\"${CMAKE_CURRENT_BINARY_DIR}/op_tmp_i${bits}\"")
  set(prefix codegen.ops.)
  if(bits EQUAL 64)
    set(prefix codegen.ops.i64.)
  endif()
  gtest_discover_tests(codegen_op_tests_i${bits} TEST_PREFIX ${prefix} DISCOVERY_TIMEOUT 60
                       PROPERTIES TIMEOUT 600 SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")
endforeach()

# The pinned package against the stored native-build vectors of ../shared/oracle.
add_test(NAME codegen.tflm.stored_oracle
         COMMAND ${AOTBENCH_DEPS_DIR}/venv/bin/python ${CMAKE_CURRENT_SOURCE_DIR}/tflm/stored_oracle_test.py
                 ${AOTBENCH_SHARED_DIR})
set_tests_properties(codegen.tflm.stored_oracle PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 600)

# Single-operator models of fixed sizes for BENCHMARKS.md's per-element figures (not a test).
add_executable(codegen_op_bench_models EXCLUDE_FROM_ALL ${_ops}/op_bench_models.cpp)
target_link_libraries(codegen_op_bench_models PRIVATE aotbench_op_cases)
