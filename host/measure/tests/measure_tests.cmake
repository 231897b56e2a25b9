# Measurement tests (CTest names measure.*): one variant through every stage in QEMU, the size split.
set(_dir ${CMAKE_CURRENT_LIST_DIR})
add_executable(measure_tests ${_dir}/measure_variant_test.cpp ${_dir}/measure_sizes_test.cpp)
target_link_libraries(measure_tests PRIVATE aotbench_measure GTest::gtest_main)
target_compile_definitions(measure_tests PRIVATE "AOTBENCH_FIRMWARE_DIR=\"${AOTBENCH_FIRMWARE_DIR}\"")
gtest_discover_tests(measure_tests TEST_PREFIX measure. DISCOVERY_TIMEOUT 60
                     PROPERTIES ENVIRONMENT "AOTBENCH_CACHE_DIR=${CMAKE_BINARY_DIR}/test-cache" TIMEOUT 600)
