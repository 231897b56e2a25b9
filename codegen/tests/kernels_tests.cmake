# Kernel unit tests, built once per index width: both widths must pass the same expectations.
set(KERNELS_TEST_SOURCES
    kernels_conv_test.cpp
    kernels_data_movement_test.cpp
    kernels_fc_add_test.cpp
    kernels_fixedpoint_test.cpp
    kernels_pool_mean_test.cpp
    kernels_softmax_quantize_test.cpp)
foreach(bits 32 64)
  add_executable(codegen_kernels_tests_i${bits} ${KERNELS_TEST_SOURCES})
  target_link_libraries(codegen_kernels_tests_i${bits} PRIVATE aotbench_codegen_kernels_i${bits}
                        GTest::gtest_main)
  gtest_discover_tests(codegen_kernels_tests_i${bits} TEST_PREFIX "codegen.kernels.i${bits}."
                       DISCOVERY_MODE PRE_TEST)
endforeach()
