# Device-side tests (issue 2): board profiles, firmware builds, QEMU sessions, the device CLI.
# Included from host/CMakeLists.txt. Tests booting QEMU start one emulator at a time.
# Firmware of the test profiles (host/tests/data/boards), built like every board's but apart from
# them: not listed by `aotbench boards`, not installed.
set(AOTBENCH_TEST_FIRMWARE_DIR "${CMAKE_BINARY_DIR}/firmware-test")
aotbench_add_firmware(firmware_test_boards "${CMAKE_CURRENT_SOURCE_DIR}/tests/data/boards"
                      "${AOTBENCH_TEST_FIRMWARE_DIR}")

add_executable(device_tests
  tests/device_boards_test.cpp
  tests/device_clock_profile_test.cpp
  tests/device_clock_test.cpp
  tests/device_banner_test.cpp
  tests/device_qemu_test.cpp
  tests/device_gdb_load_test.cpp
  tests/device_kept_emulator_test.cpp
  tests/board_pool_test.cpp
  tests/flash_tools_test.cpp
  tests/device_cycles64_test.cpp
  tests/device_probes_test.cpp
  tests/device_doctor_test.cpp
  tests/device_build_test.cpp
  tests/device_cli_test.cpp
  tests/device_icount_test.cpp
  tests/device_timing_test.cpp
  tests/build_toolchain_test.cpp
  tests/elf_target_test.cpp
)
target_include_directories(device_tests PRIVATE "${CMAKE_SOURCE_DIR}/device/runtime")
target_link_libraries(device_tests PRIVATE aotbench_host GTest::gtest_main)
target_compile_definitions(device_tests PRIVATE
  "AOTBENCH_SOURCE_DIR=\"${CMAKE_SOURCE_DIR}\""
  "AOTBENCH_DEPS_DIR=\"${AOTBENCH_DEPS_DIR}\""
  "AOTBENCH_FIRMWARE_DIR=\"${AOTBENCH_FIRMWARE_DIR}\""
  "AOTBENCH_TEST_FIRMWARE_DIR=\"${AOTBENCH_TEST_FIRMWARE_DIR}\""
  "AOTBENCH_TEST_BOARDS_DIR=\"${CMAKE_CURRENT_SOURCE_DIR}/tests/data/boards\""
  "AOTBENCH_BIN=\"$<TARGET_FILE:aotbench>\"")
add_dependencies(device_tests aotbench firmware_test_boards)

add_test(NAME device.boards COMMAND device_tests --gtest_filter=Boards.*)
add_test(NAME device.flash_tools COMMAND device_tests --gtest_filter=FlashTools.*)
add_test(NAME device.build COMMAND device_tests --gtest_filter=FirmwareBuild.*)
set_tests_properties(device.build PROPERTIES TIMEOUT 120)
add_test(NAME device.icount COMMAND device_tests --gtest_filter=Icount.*)
add_test(NAME device.timing COMMAND device_tests --gtest_filter=TimingModel.*)
set_tests_properties(device.timing PROPERTIES TIMEOUT 120)
add_test(NAME device.toolchain COMMAND device_tests --gtest_filter=Toolchain.*)
add_test(NAME device.elf COMMAND device_tests --gtest_filter=ElfTarget.*)
add_test(NAME device.cycles64 COMMAND device_tests --gtest_filter=Cycles64.*)
add_test(NAME device.cli COMMAND device_tests --gtest_filter=DeviceCli.*)
set_tests_properties(device.cli PROPERTIES TIMEOUT 180)
foreach(board netduinoplus2 mps2-an385 mps2-an386 mps2-an500)
  string(REPLACE "-" "_" param "${board}")
  set(name "${board}")
  if(board STREQUAL "netduinoplus2")
    set(name "stm32")
  endif()
  add_test(NAME device.qemu.${name} COMMAND device_tests "--gtest_filter=Boards/QemuDevice.*/${param}")
  set_tests_properties(device.qemu.${name} PROPERTIES TIMEOUT 120)
endforeach()
add_test(NAME device.gdb_load COMMAND device_tests "--gtest_filter=GdbLoad*:Boards/GdbLoadOnBoard.*")
set_tests_properties(device.gdb_load PROPERTIES TIMEOUT 180)
add_test(NAME device.kept_emulator COMMAND device_tests "--gtest_filter=KeptEmulator.*:ServedEmulator.*")
set_tests_properties(device.kept_emulator PROPERTIES TIMEOUT 180)
add_test(NAME device.board_pool COMMAND device_tests --gtest_filter=BoardPool.*)
# Real boards' flashing (issue 10): every hardware profile's commands, --gdb against QEMU's
# gdbstub, the setup's pyOCD and OpenOCD with no probe; `aotbench doctor` on emulated and real boards.
add_test(NAME device.probes COMMAND device_tests --gtest_filter=Probes.*)
set_tests_properties(device.probes PROPERTIES TIMEOUT 180)
add_test(NAME device.doctor COMMAND device_tests --gtest_filter=Doctor.*)
set_tests_properties(device.doctor PROPERTIES TIMEOUT 180)
# The start-up banner and the clock set-up (issue 10): the banner's fields under QEMU before any
# request, and a firmware with a [clock] table booting under QEMU, which has no RCC; the [clock]
# table's validation.
add_test(NAME device.banner COMMAND device_tests --gtest_filter=Banner*)
set_tests_properties(device.banner PROPERTIES TIMEOUT 180 ENVIRONMENT "AOTBENCH_CACHE_DIR=${CMAKE_BINARY_DIR}/test-cache")
add_test(NAME device.clock COMMAND device_tests --gtest_filter=ClockSetUp.*)
set_tests_properties(device.clock PROPERTIES TIMEOUT 120 ENVIRONMENT "AOTBENCH_CACHE_DIR=${CMAKE_BINARY_DIR}/test-cache")
add_test(NAME device.clock_profile COMMAND device_tests --gtest_filter=ClockProfile.*)
