# cmake -P script: compiles every file of SOURCES with COMPILER and FLAGS at -O2 -Wall -Wextra
# -Werror (C11, AB_INDEX_BITS=BITS) and fails on the first warning or error.
separate_arguments(flag_list UNIX_COMMAND "${FLAGS}")
foreach(src IN LISTS SOURCES)
  execute_process(
    COMMAND "${COMPILER}" ${flag_list} -std=c11 -O2 -Wall -Wextra -Werror -DAB_INDEX_BITS=${BITS}
            -I "${INCLUDES}" -I "${PRIVATE_INCLUDES}" -c "${src}" -o /dev/null
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${COMPILER} ${FLAGS} failed on ${src}:\n${out}${err}")
  endif()
endforeach()
message(STATUS "${COMPILER} ${FLAGS}: ${BITS}-bit indices, all kernel sources compile warning-free")
