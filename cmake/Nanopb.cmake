# nanopb: Debian's generator and headers, plus the runtime .c files scripts/setup fetched from
# Debian's nanopb source package. nanopb_add_proto() generates .pb.c/.pb.h for host and device.
set(NANOPB_SRC_DIR "${AOTBENCH_DEPS_DIR}/nanopb" CACHE PATH "nanopb runtime sources (scripts/setup)")
if(NOT EXISTS "${NANOPB_SRC_DIR}/pb_decode.c")
  message(FATAL_ERROR "nanopb runtime sources not found in ${NANOPB_SRC_DIR}: run scripts/setup first")
endif()
find_program(NANOPB_GENERATOR nanopb_generator.py REQUIRED)
# Debian's python3 has the nanopb and protobuf modules; a pyenv python3 earlier on PATH may not.
find_program(DEBIAN_PYTHON3 python3 PATHS /usr/bin NO_DEFAULT_PATH REQUIRED)
set(NANOPB_RUNTIME_SOURCES
    "${NANOPB_SRC_DIR}/pb_common.c" "${NANOPB_SRC_DIR}/pb_encode.c" "${NANOPB_SRC_DIR}/pb_decode.c")

# nanopb_generate(OUT_VAR PROTO [OPTIONS file]) -> list of generated .c files; header dir is
# ${CMAKE_CURRENT_BINARY_DIR}/nanopb.
function(nanopb_generate out_var proto)
  get_filename_component(name "${proto}" NAME_WE)
  get_filename_component(dir "${proto}" DIRECTORY)
  set(out_dir "${CMAKE_CURRENT_BINARY_DIR}/nanopb")
  file(MAKE_DIRECTORY "${out_dir}")
  set(deps "${proto}")
  if(EXISTS "${dir}/${name}.options")
    list(APPEND deps "${dir}/${name}.options")
  endif()
  add_custom_command(
    OUTPUT "${out_dir}/${name}.pb.c" "${out_dir}/${name}.pb.h"
    COMMAND "${DEBIAN_PYTHON3}" "${NANOPB_GENERATOR}" -q -I "${dir}" -D "${out_dir}" "${proto}"
    DEPENDS ${deps}
    COMMENT "nanopb: generating ${name}.pb.c")
  set(${out_var} "${out_dir}/${name}.pb.c" PARENT_SCOPE)
endfunction()
