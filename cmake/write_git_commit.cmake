# cmake -DSOURCE_DIR=S -DOUT=F [-DGIT=git] -P write_git_commit.cmake (from host/sweep/CMakeLists.txt):
# writes the commit S is at into the header F, and rewrites F only when the commit changed, so an
# unchanged checkout rebuilds nothing.
set(commit "unknown")
if(GIT)
  execute_process(COMMAND "${GIT}" rev-parse --short=12 HEAD WORKING_DIRECTORY "${SOURCE_DIR}"
                  OUTPUT_VARIABLE out OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
  if(rc EQUAL 0)
    set(commit "${out}")
  endif()
endif()
set(text "// Written by cmake/write_git_commit.cmake at every build.\n#define AOTBENCH_GIT_COMMIT \"${commit}\"\n")
set(old "")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
