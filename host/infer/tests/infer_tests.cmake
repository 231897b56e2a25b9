# Host inference tests: generated code built natively and checked against ../shared/oracle, the
# zoo, name mangling and hostile names (CTest names codegen.host.*).
find_package(OpenSSL REQUIRED)
set(_dir ${CMAKE_CURRENT_LIST_DIR})
add_executable(infer_tests
  ${_dir}/infer_test_support.cpp ${_dir}/infer_oracle_test.cpp ${_dir}/infer_zoo_test.cpp
  ${_dir}/infer_programs_test.cpp ${_dir}/infer_names_test.cpp ${_dir}/infer_ops_test.cpp ${_dir}/infer_inplace_test.cpp
  ${_dir}/infer_patch_test.cpp
  ${CMAKE_SOURCE_DIR}/codegen/tests/oracle_data.cpp)
target_include_directories(infer_tests PRIVATE ${_dir} ${CMAKE_SOURCE_DIR}/codegen/tests)
target_link_libraries(infer_tests PRIVATE aotbench_infer aotbench_codegen_interp aotbench_tflite_schema
                      aotbench_test_shared aotbench_op_cases OpenSSL::Crypto GTest::gtest_main)
target_compile_definitions(infer_tests PRIVATE
  "AOTBENCH_TEST_TMP=\"${CMAKE_CURRENT_BINARY_DIR}/infer_tmp\"")
# The object cache lives in the build tree: tests never touch the user's ~/.cache.
gtest_discover_tests(infer_tests TEST_PREFIX codegen.host. DISCOVERY_TIMEOUT 60
                     PROPERTIES ENVIRONMENT "AOTBENCH_CACHE_DIR=${CMAKE_BINARY_DIR}/test-cache" TIMEOUT 900)

add_test(NAME codegen.host.cli
         COMMAND bash ${_dir}/cli_test.sh $<TARGET_FILE:aotbench> ${AOTBENCH_SHARED_DIR}
                 ${CMAKE_CURRENT_BINARY_DIR}/cli_tmp)
add_test(NAME codegen.host.cross_warnings
         COMMAND bash ${_dir}/cross_warnings_test.sh $<TARGET_FILE:aotbench> ${CMAKE_SOURCE_DIR}
                 ${CMAKE_CURRENT_BINARY_DIR}/cross_tmp)
add_test(NAME codegen.host.package
         COMMAND bash ${_dir}/package_test.sh $<TARGET_FILE:aotbench> ${AOTBENCH_SHARED_DIR}
                 ${CMAKE_CURRENT_BINARY_DIR}/package_tmp)
set_tests_properties(codegen.host.cli codegen.host.cross_warnings codegen.host.package PROPERTIES
                     ENVIRONMENT "AOTBENCH_CACHE_DIR=${CMAKE_BINARY_DIR}/test-cache")
set_tests_properties(codegen.host.cli codegen.host.package PROPERTIES SKIP_RETURN_CODE 77)  # no ../shared
