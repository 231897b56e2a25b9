# Cross-builds the firmware of every board profile at build time: aotbench-boardgen writes each
# board's startup code, linker script, board_config.h and board.cmake (its flags) from
# scenarios/boards/<board>.toml, then device/firmware is configured with the arm-none-eabi
# toolchain file and built as a sub-build. Output: ${AOTBENCH_FIRMWARE_DIR}/<board>/.
include(ExternalProject)

# aotbench_add_firmware(TARGET BOARDS_DIR OUT_DIR): the firmware of every profile in BOARDS_DIR,
# built into OUT_DIR/<board>/ by the sub-build target TARGET.
function(aotbench_add_firmware target boards_dir out_dir)
  file(GLOB tomls CONFIGURE_DEPENDS "${boards_dir}/*.toml")
  set(boards "")
  foreach(file IN LISTS tomls)
    get_filename_component(name "${file}" NAME_WE)
    if(NOT name STREQUAL "aliases")
      list(APPEND boards "${name}")
    endif()
  endforeach()
  set(gen "${out_dir}/gen")

  add_custom_command(
    OUTPUT "${gen}/.stamp"
    COMMAND aotbench-boardgen --boards-dir "${boards_dir}" --out "${gen}"
    COMMAND "${CMAKE_COMMAND}" -E touch "${gen}/.stamp"
    DEPENDS aotbench-boardgen ${tomls}
    COMMENT "aotbench-boardgen: startup code, linker script and board config of every board in ${boards_dir}")
  add_custom_target(${target}_board_files DEPENDS "${gen}/.stamp")

  set(byproducts "")
  foreach(board IN LISTS boards)
    foreach(file libabdevice.a selftest.elf hang.elf calibration.su)
      list(APPEND byproducts "${out_dir}/${board}/${file}")
    endforeach()
  endforeach()

  set(launcher "")
  if(CMAKE_C_COMPILER_LAUNCHER)
    set(launcher "-DCMAKE_C_COMPILER_LAUNCHER:STRING=${CMAKE_C_COMPILER_LAUNCHER}")
  endif()

  ExternalProject_Add(${target}
    SOURCE_DIR "${CMAKE_SOURCE_DIR}/device/firmware"
    BINARY_DIR "${out_dir}/build"
    CMAKE_ARGS "-DCMAKE_TOOLCHAIN_FILE=${CMAKE_SOURCE_DIR}/cmake/arm-none-eabi.cmake"
    CMAKE_CACHE_ARGS
      "-DAB_BOARDS:STRING=${boards}"
      "-DAB_BOARD_GEN_DIR:PATH=${gen}"
      "-DAB_OUT_DIR:PATH=${out_dir}"
      "-DAB_SOURCE_DIR:PATH=${CMAKE_SOURCE_DIR}"
      "-DNANOPB_SRC_DIR:PATH=${NANOPB_SRC_DIR}"
      "-DAB_PROTO_GEN_DIR:PATH=${AB_PROTO_GEN_DIR}"
      ${launcher}
    BUILD_ALWAYS ON
    INSTALL_COMMAND ""
    DEPENDS ${target}_board_files aotbench_proto_sources
    BUILD_BYPRODUCTS ${byproducts})
endfunction()

set(AOTBENCH_FIRMWARE_DIR "${CMAKE_BINARY_DIR}/firmware" CACHE INTERNAL "per-board firmware output")
aotbench_add_firmware(firmware "${CMAKE_SOURCE_DIR}/scenarios/boards" "${AOTBENCH_FIRMWARE_DIR}")
