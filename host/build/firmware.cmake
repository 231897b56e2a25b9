# Cross-builds the firmware of every board profile at build time: aotbench-boardgen writes each
# board's startup code, linker script, board_config.h and board.cmake (its flags) from
# scenarios/boards/<board>.toml, then device/firmware is configured with the arm-none-eabi
# toolchain file and built as a sub-build. Output: ${AOTBENCH_FIRMWARE_DIR}/<board>/.
include(ExternalProject)

file(GLOB _ab_board_tomls CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/scenarios/boards/*.toml")
set(AOTBENCH_BOARDS "")
foreach(file IN LISTS _ab_board_tomls)
  get_filename_component(name "${file}" NAME_WE)
  if(NOT name STREQUAL "aliases")
    list(APPEND AOTBENCH_BOARDS "${name}")
  endif()
endforeach()

set(AOTBENCH_FIRMWARE_DIR "${CMAKE_BINARY_DIR}/firmware" CACHE INTERNAL "per-board firmware output")
set(_ab_gen "${AOTBENCH_FIRMWARE_DIR}/gen")

add_custom_command(
  OUTPUT "${_ab_gen}/.stamp"
  COMMAND aotbench-boardgen --boards-dir "${CMAKE_SOURCE_DIR}/scenarios/boards" --out "${_ab_gen}"
  COMMAND "${CMAKE_COMMAND}" -E touch "${_ab_gen}/.stamp"
  DEPENDS aotbench-boardgen ${_ab_board_tomls}
  COMMENT "aotbench-boardgen: startup code, linker script and board config of every board")
add_custom_target(firmware_board_files DEPENDS "${_ab_gen}/.stamp")

set(_ab_byproducts "")
foreach(board IN LISTS AOTBENCH_BOARDS)
  foreach(file libabdevice.a selftest.elf hang.elf calibration.su)
    list(APPEND _ab_byproducts "${AOTBENCH_FIRMWARE_DIR}/${board}/${file}")
  endforeach()
endforeach()

set(_ab_launcher "")
if(CMAKE_C_COMPILER_LAUNCHER)
  set(_ab_launcher "-DCMAKE_C_COMPILER_LAUNCHER:STRING=${CMAKE_C_COMPILER_LAUNCHER}")
endif()

ExternalProject_Add(firmware
  SOURCE_DIR "${CMAKE_SOURCE_DIR}/device/firmware"
  BINARY_DIR "${AOTBENCH_FIRMWARE_DIR}/build"
  CMAKE_ARGS "-DCMAKE_TOOLCHAIN_FILE=${CMAKE_SOURCE_DIR}/cmake/arm-none-eabi.cmake"
  CMAKE_CACHE_ARGS
    "-DAB_BOARDS:STRING=${AOTBENCH_BOARDS}"
    "-DAB_BOARD_GEN_DIR:PATH=${_ab_gen}"
    "-DAB_OUT_DIR:PATH=${AOTBENCH_FIRMWARE_DIR}"
    "-DAB_SOURCE_DIR:PATH=${CMAKE_SOURCE_DIR}"
    "-DNANOPB_SRC_DIR:PATH=${NANOPB_SRC_DIR}"
    "-DAB_PROTO_GEN_DIR:PATH=${AB_PROTO_GEN_DIR}"
    ${_ab_launcher}
  BUILD_ALWAYS ON
  INSTALL_COMMAND ""
  DEPENDS firmware_board_files aotbench_proto_sources
  BUILD_BYPRODUCTS ${_ab_byproducts})
