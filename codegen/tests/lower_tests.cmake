# Lowering tests (codegen.lower.*): Prepare arithmetic, per-operator parameters, and rendered C
# parameters compiled and run, for both index widths.
if(NOT TARGET aotbench_codegen_interp_i32)
  return()
endif()

# The generator lowers the test graphs and writes their parameters as C at build time.
add_executable(codegen_lower_render_gen lower_render_gen.cpp)
target_link_libraries(codegen_lower_render_gen PRIVATE aotbench_codegen_lower_i32)
set(lower_rendered_c "${CMAKE_CURRENT_BINARY_DIR}/lower_rendered_params.c")
add_custom_command(OUTPUT "${lower_rendered_c}"
                   COMMAND codegen_lower_render_gen "${lower_rendered_c}"
                   DEPENDS codegen_lower_render_gen
                   COMMENT "Rendering lowered test parameters as C")
set_source_files_properties("${lower_rendered_c}" PROPERTIES COMPILE_OPTIONS "-Werror")

foreach(bits 32 64)
  add_executable(codegen_lower_tests_i${bits}
                 lower_quant_math_test.cpp lower_ops_test.cpp lower_render_test.cpp interp_test.cpp fold_pad_test.cpp
                 "${lower_rendered_c}")
  target_link_libraries(codegen_lower_tests_i${bits} PRIVATE aotbench_codegen_interp_i${bits} aotbench_codegen_plan
                        GTest::gtest_main)
  set_target_properties(codegen_lower_tests_i${bits} PROPERTIES C_STANDARD 11 C_EXTENSIONS OFF)
  gtest_discover_tests(codegen_lower_tests_i${bits} TEST_PREFIX "codegen.lower.i${bits}."
                       DISCOVERY_MODE PRE_TEST)
endforeach()
