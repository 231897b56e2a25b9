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

# The compilers of codegen.kernels.warnings.* (codegen/kernels/CMakeLists.txt).
set(dsp_dir "${CMAKE_CURRENT_SOURCE_DIR}/../kernels/dsp")
set(dsp_check_gcc_CC "${CMAKE_C_COMPILER}")
set(dsp_check_clang_CC "${AB_CLANG}")
# The shim calls the kernels with parameters that are not constants: clang cannot honour
# AB_UNROLL on ab_dsp_depthwise_conv2d.h's loops of unknown trip count there, which it reports.
set(dsp_check_clang_FLAGS "-Wno-pass-failed")
set(dsp_check_m4_CC "${AB_ARM_GCC}")
set(dsp_check_m4_FLAGS "-mcpu=cortex-m4 -mthumb -mfloat-abi=hard -mfpu=fpv4-sp-d16")
set(dsp_check_m7_CC "${AB_ARM_GCC}")
set(dsp_check_m7_FLAGS "-mcpu=cortex-m7 -mthumb -mfloat-abi=hard -mfpu=fpv5-d16")
foreach(name gcc clang m4 m7)
  if(NOT dsp_check_${name}_CC)
    continue()
  endif()
  foreach(bits 32 64)
    add_test(NAME codegen.dsp.warnings.${name}.i${bits}
             COMMAND ${CMAKE_COMMAND} "-DCOMPILER=${dsp_check_${name}_CC}"
                     "-DFLAGS=${dsp_check_${name}_FLAGS}" -DBITS=${bits}
                     "-DSOURCES=${CMAKE_CURRENT_SOURCE_DIR}/dsp_kernels_shim.c"
                     "-DINCLUDES=${AB_KERNEL_INCLUDE_DIR}" "-DPRIVATE_INCLUDES=${dsp_dir}"
                     -P "${CMAKE_CURRENT_SOURCE_DIR}/../kernels/compile_check.cmake")
  endforeach()
endforeach()
