# `cmake --install build --prefix P`: P/bin/aotbench and, in P/share/aotbench, everything it reads
# at run time (codegen/data finds that folder beside the executable). The list follows the paths
# the code resolves through data_path(): keep the two in step.
include(GNUInstallDirs)
set(AOTBENCH_DATA_DESTINATION "${CMAKE_INSTALL_DATADIR}/aotbench")

install(TARGETS aotbench RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")

# Board profiles, model zoo definitions, sweep spaces.
install(DIRECTORY scenarios/boards scenarios/models scenarios/sweeps
        DESTINATION "${AOTBENCH_DATA_DESTINATION}/scenarios")

# What generated code is compiled with (kernel families, the AOT runtime), the model interface the
# adapter implements and the host runner of --board host: the build's staged copy
# (cmake/StageData.cmake), which a program in the build tree reads too.
install(DIRECTORY "${AOTBENCH_STAGE_DIR}/" DESTINATION "${AOTBENCH_DATA_DESTINATION}" PATTERN "stamp" EXCLUDE)

# The timing model QEMU loads (device/qemu_timing), found by data_path("timing/...").
install(TARGETS ab_timing LIBRARY DESTINATION "${AOTBENCH_DATA_DESTINATION}/timing")

# The prebuilt device runtime of every board and the board files it was built with
# (host/build/firmware.cmake); a variant's firmware is linked against them.
install(DIRECTORY "${AOTBENCH_FIRMWARE_DIR}/" DESTINATION "${AOTBENCH_DATA_DESTINATION}/firmware"
        FILES_MATCHING PATTERN "libabdevice.a" PATTERN "*.elf" PATTERN "calibration.su"
                       PATTERN "board_config.h" PATTERN "link.ld" PATTERN "startup.c"
                       PATTERN "build" EXCLUDE)

# The binary stripped (the debug build info is 130 MB of the 140), unless asked otherwise.
option(AOTBENCH_INSTALL_STRIP "strip bin/aotbench when installing" ON)
if(AOTBENCH_INSTALL_STRIP AND CMAKE_STRIP)
  install(CODE "execute_process(COMMAND \"${CMAKE_STRIP}\" --strip-unneeded
                \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/aotbench\" COMMAND_ERROR_IS_FATAL ANY)")
endif()

# The man page, made from the built program's --help when installing (cmake/ManPage.cmake), and
# the package's documents.
install(CODE "execute_process(COMMAND \"${CMAKE_COMMAND}\" -DAOTBENCH=$<TARGET_FILE:aotbench>
                -DOUT=${CMAKE_BINARY_DIR}/aotbench.1 -DVERSION=${PROJECT_VERSION}
                -P \"${CMAKE_SOURCE_DIR}/cmake/ManPage.cmake\" COMMAND_ERROR_IS_FATAL ANY)")
install(FILES "${CMAKE_BINARY_DIR}/aotbench.1" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
install(FILES README.md cmake/copyright DESTINATION "${CMAKE_INSTALL_DOCDIR}")
