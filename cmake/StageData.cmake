# The sources aotbench compiles into every variant at run time (kernels, the AOT runtime, the
# device interface, the host runner), copied into <build>/share/aotbench as an installation has
# them. A program run from the build tree reads that copy, so editing a source changes nothing
# until the next build, and that build rewrites the copy's stamp, which a running sweep watches
# (it stops rather than measure a mix of old and new kernels).
set(AOTBENCH_STAGE_DIR "${CMAKE_BINARY_DIR}/share/aotbench")
set(AOTBENCH_STAGE_STAMP "${AOTBENCH_STAGE_DIR}/stamp")

# What is staged: a folder of the source tree and the patterns of the files taken from it (and
# its subfolders). cmake/Install.cmake installs the staged folder whole.
set(AOTBENCH_STAGED_SOURCES
    "codegen/kernels:*.c,*.h"
    "codegen/runtime:ab_aot_runtime.c,ab_aot_runtime.h"
    "device/include:*.h"
    "host/infer:host_main.c")

set(_staged_inputs "")
foreach(entry IN LISTS AOTBENCH_STAGED_SOURCES)
  string(REPLACE ":" ";" parts "${entry}")
  list(GET parts 0 folder)
  list(GET parts 1 patterns)
  string(REPLACE "," ";" patterns "${patterns}")
  foreach(pattern IN LISTS patterns)
    file(GLOB_RECURSE found CONFIGURE_DEPENDS "${CMAKE_SOURCE_DIR}/${folder}/${pattern}")
    list(APPEND _staged_inputs ${found})
  endforeach()
endforeach()
list(REMOVE_DUPLICATES _staged_inputs)
list(SORT _staged_inputs)

string(REPLACE ";" "|" _staged_list "${_staged_inputs}")
add_custom_command(
  OUTPUT "${AOTBENCH_STAGE_STAMP}"
  COMMAND "${CMAKE_COMMAND}" "-DSOURCE_DIR=${CMAKE_SOURCE_DIR}" "-DSTAGE_DIR=${AOTBENCH_STAGE_DIR}"
          "-DFILES=${_staged_list}" -P "${CMAKE_SOURCE_DIR}/cmake/stage_files.cmake"
  DEPENDS ${_staged_inputs} "${CMAKE_SOURCE_DIR}/cmake/stage_files.cmake"
  COMMENT "Staging the kernel, runtime and device sources into share/aotbench"
  VERBATIM)
add_custom_target(aotbench_stage ALL DEPENDS "${AOTBENCH_STAGE_STAMP}")
