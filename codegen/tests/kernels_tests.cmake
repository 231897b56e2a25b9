# Kernel unit tests, built once per index width: both widths must pass the same expectations.
# The fixed-point math takes no index (int32/int64 arithmetic only): it runs once, with i32.
set(KERNELS_TEST_SOURCES
    kernels_conv_test.cpp
    kernels_data_movement_test.cpp
    kernels_fc_add_test.cpp
    kernels_pool_mean_test.cpp
    kernels_softmax_quantize_test.cpp)
foreach(bits 32 64)
  set(sources ${KERNELS_TEST_SOURCES})
  if(bits EQUAL 32)
    list(APPEND sources kernels_fixedpoint_test.cpp)
  endif()
  add_executable(codegen_kernels_tests_i${bits} ${sources})
  target_link_libraries(codegen_kernels_tests_i${bits} PRIVATE aotbench_codegen_kernels_i${bits}
                        GTest::gtest_main)
  gtest_discover_tests(codegen_kernels_tests_i${bits} TEST_PREFIX "codegen.kernels.i${bits}."
                       DISCOVERY_MODE PRE_TEST)
endforeach()
