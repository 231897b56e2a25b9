# --- front end: reader, graph IR, passes and memory planner (CTest names codegen.reader.*,
#     codegen.plan.*, codegen.ir.*); included from CMakeLists.txt ----------------------------
find_package(GTest REQUIRED)
find_package(fmt REQUIRED)
include(GoogleTest)

function(aotbench_front_test target prefix)
  add_executable(${target} ${ARGN})
  target_link_libraries(${target} PRIVATE
    aotbench_codegen_plan aotbench_codegen_reader aotbench_test_shared fmt::fmt GTest::gtest_main)
  gtest_discover_tests(${target} TEST_PREFIX ${prefix} DISCOVERY_TIMEOUT 60)
endfunction()

aotbench_front_test(codegen_reader_tests codegen.reader. reader_models_test.cpp
  reader_reject_test.cpp reader_ops_test.cpp reader_activation_test.cpp)
target_link_libraries(codegen_reader_tests PRIVATE aotbench_tflite_schema)
aotbench_front_test(codegen_reader_malformed_tests codegen.reader. reader_malformed_test.cpp)
target_link_libraries(codegen_reader_malformed_tests PRIVATE aotbench_tflite_schema)
target_compile_definitions(codegen_reader_malformed_tests PRIVATE
  AOTBENCH_READER_REGRESSIONS_DIR="${CMAKE_CURRENT_SOURCE_DIR}/reader_fuzz_regressions")
aotbench_front_test(codegen_plan_tests codegen.plan. plan_models_test.cpp plan_unit_test.cpp plan_inplace_test.cpp plan_order_test.cpp
  plan_patch_test.cpp)
aotbench_front_test(codegen_ir_tests codegen.ir. ir_graph_test.cpp)
