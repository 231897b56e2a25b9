# Board farms on labgrid: board specs and the records labgrid_query.py writes (farm.unit), and the
# client against a real labgrid coordinator and two exporters on loopback, and a halted QEMU behind
# a place, one emulator (farm.labgrid; skipped,
# with the reason, when scripts/setup has not installed labgrid into .deps/venv).
add_executable(farm_tests
  farm/tests/farm_unit_test.cpp
  farm/tests/farm_lab_test.cpp
  farm/tests/farm_lab.cpp
  farm/tests/farm_sweep_test.cpp
)
target_include_directories(farm_tests PRIVATE "${CMAKE_CURRENT_SOURCE_DIR}/farm/tests")
target_link_libraries(farm_tests PRIVATE aotbench_host GTest::gtest_main)
target_compile_definitions(farm_tests PRIVATE
  "AOTBENCH_DEPS_DIR=\"${AOTBENCH_DEPS_DIR}\""
  "AOTBENCH_SOURCE_DIR=\"${CMAKE_SOURCE_DIR}\""
  "AOTBENCH_FIRMWARE_DIR=\"${AOTBENCH_FIRMWARE_DIR}\""
  "AOTBENCH_BIN=\"$<TARGET_FILE:aotbench>\"")
add_dependencies(farm_tests aotbench)

add_test(NAME farm.unit COMMAND farm_tests "--gtest_filter=FarmSpec.*:PyLiteral.*:LabgridOutput.*:LabgridCli.*:SignalCleanup.*")
add_test(NAME farm.labgrid COMMAND farm_tests "--gtest_filter=Lab.*:LabQemu.*")
set_tests_properties(farm.labgrid PROPERTIES TIMEOUT 600 SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")
# Sweeps over two places (two emulators at once, so alone: RUN_SERIAL).
add_test(NAME farm.sweep COMMAND farm_tests "--gtest_filter=FarmSweep.*")
set_tests_properties(farm.sweep PROPERTIES TIMEOUT 900 RUN_SERIAL TRUE SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]"
                     ENVIRONMENT "AOTBENCH_CACHE_DIR=${CMAKE_BINARY_DIR}/test-cache")
