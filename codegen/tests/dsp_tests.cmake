# The dsp kernel family against the reference kernels (CTest names codegen.dsp.*): random
# one-operator graphs through lowering, kernel selection and the kernels' shim, compared with
# the host interpreter. Plus the family's headers compiled warning-free by every compiler.
if(NOT TARGET aotbench_codegen_select OR NOT TARGET aotbench_codegen_interp_i32)
  return()
endif()

add_executable(codegen_dsp_kernels_tests dsp_kernels_test.cpp dsp_kernels_shim.c)
target_link_libraries(codegen_dsp_kernels_tests PRIVATE aotbench_codegen_select aotbench_codegen_interp_i32
                      GTest::gtest_main)
set_target_properties(codegen_dsp_kernels_tests PROPERTIES C_STANDARD 11 C_EXTENSIONS OFF)
set_source_files_properties(dsp_kernels_shim.c PROPERTIES COMPILE_OPTIONS "-Wall;-Wextra;-Werror")
gtest_discover_tests(codegen_dsp_kernels_tests TEST_PREFIX "codegen.dsp." DISCOVERY_MODE PRE_TEST)

# The shim (every dsp kernel) warning-free for every compiler of codegen.kernels.warnings.*:
# host gcc and clang (portable definitions), arm-none-eabi-gcc and clang for Cortex-M4/M7 (the
# instructions) and Cortex-M3 (portable again). The shim calls the kernels with parameters that
# are not constants: clang cannot honour AB_UNROLL on loops of unknown trip count there, which it
# reports.
ab_add_warning_checks(codegen.dsp.warnings "${CMAKE_CURRENT_SOURCE_DIR}/dsp_kernels_shim.c"
                      "${CMAKE_CURRENT_SOURCE_DIR}/../kernels/dsp" "-Wno-pass-failed")
