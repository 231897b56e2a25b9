# --- built-in model zoo (CTest names codegen.zoo.*); included from CMakeLists.txt ---------------
if(NOT TARGET aotbench_codegen_zoo)
  return()
endif()
find_package(GTest REQUIRED)
find_package(fmt REQUIRED)
include(GoogleTest)

set(zoo_test_sources zoo_models_test.cpp zoo_mnv2_test.cpp zoo_spec_test.cpp)
set(zoo_test_libs aotbench_codegen_zoo aotbench_codegen_plan aotbench_codegen_reader
    aotbench_tflite_schema aotbench_test_shared PkgConfig::TOMLPP fmt::fmt GTest::gtest_main)
if(TARGET aotbench_codegen_interp_i32)
  list(APPEND zoo_test_sources zoo_run_test.cpp)
  list(APPEND zoo_test_libs aotbench_codegen_interp_i32)
endif()
add_executable(codegen_zoo_tests ${zoo_test_sources})
target_link_libraries(codegen_zoo_tests PRIVATE ${zoo_test_libs})
target_compile_definitions(codegen_zoo_tests PRIVATE
  AOTBENCH_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
gtest_discover_tests(codegen_zoo_tests TEST_PREFIX codegen.zoo. DISCOVERY_TIMEOUT 60)
