# `cpack -G DEB` in the build folder: a Debian package of what cmake/Install.cmake installs, into /usr.
set(CPACK_PACKAGE_NAME aotbench)
set(CPACK_PACKAGE_VENDOR "aotbench")
set(CPACK_PACKAGE_CONTACT "${AOTBENCH_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "finds the best way to compile an int8 neural network ahead of time for a Cortex-M board")
set(CPACK_PACKAGE_DESCRIPTION
    "aotbench generates AOT C variants of an int8 TFLite model (packed and unpacked calling conventions, \
workspace, parameter access, index width, kernels, compiler and optimization level), builds Cortex-M \
firmware for each, measures instructions or cycles, stack and code size on an emulated (QEMU) or real \
board over an RPC link, and reports the best variant within the board's limits.")
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# Shared libraries (fmt, SQLite, libelf, OpenSSL, libstdc++) from dpkg-shlibdeps; then every tool
# a default run uses: the Arm cross toolchain with newlib, QEMU and gdb-multiarch (which loads every
# emulated variant through QEMU's gdbstub), clang (the cc=clang variants of @corners), the host
# compiler for --board host, and Debian's dlpack.h, which generated packed code includes.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "gcc-arm-none-eabi, binutils-arm-none-eabi, libnewlib-arm-none-eabi, qemu-system-arm, gdb-multiarch, clang, gcc, \
libc6-dev, libdlpack-dev")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "openocd, python3-pyocd")  # real boards
include(CPack)
