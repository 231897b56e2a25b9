# --- C emitter: knobs, names, structure of the output (codegen.emit.*); the generated code is
#     built and run against the oracle by host/infer/tests (codegen.host.*) ---
add_executable(codegen_emit_tests emit_variant_test.cpp emit_output_test.cpp overlap_window_test.cpp)
target_link_libraries(codegen_emit_tests PRIVATE aotbench_codegen_emit aotbench_codegen_reader aotbench_tflite_schema aotbench_test_shared
                      GTest::gtest_main)
gtest_discover_tests(codegen_emit_tests TEST_PREFIX codegen.emit. DISCOVERY_TIMEOUT 60)

# Choosing the group of first layers to band needs the emitter's plan (codegen.plan.*).
add_executable(codegen_plan_patch_choice_tests plan_patch_choice_test.cpp)
target_link_libraries(codegen_plan_patch_choice_tests PRIVATE aotbench_codegen_emit aotbench_codegen_reader
                      aotbench_codegen_zoo aotbench_test_shared GTest::gtest_main)
gtest_discover_tests(codegen_plan_patch_choice_tests TEST_PREFIX codegen.plan. DISCOVERY_TIMEOUT 60)
