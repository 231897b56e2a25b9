# Bit-exactness against TFLite Micro (../shared/oracle): one CTest test per model and case,
# codegen.oracle.<model>.<case> (32-bit indices) and codegen.oracle.i64.<model>.<case>, all
# labelled `oracle`. Every case runs by default: even MobileNetV2 1.0 224 takes well under a
# second per case on the reference kernels of a RelWithDebInfo build. Without the oracle (a clone
# alone) the cases cannot be listed: codegen.oracle and codegen.oracle.i64 stand in for them and
# report themselves skipped, with the reason, when they run.
find_package(OpenSSL REQUIRED)  # libcrypto's SHA-256 for TENSORS.tsv

set(oracle_manifest "${AOTBENCH_SHARED_DIR}/oracle/MANIFEST.tsv")
if(NOT TARGET aotbench_codegen_interp_i32 OR NOT TARGET aotbench_codegen_reader)
  return()
endif()

foreach(bits 32 64)
  add_executable(codegen_oracle_tests_i${bits} oracle_test.cpp oracle_data.cpp)
  target_link_libraries(codegen_oracle_tests_i${bits} PRIVATE aotbench_codegen_interp_i${bits}
                        aotbench_codegen_reader aotbench_test_shared OpenSSL::Crypto GTest::gtest)
endforeach()

if(NOT EXISTS "${oracle_manifest}")
  message(STATUS "oracle: ${oracle_manifest} not found; the oracle tests will report themselves skipped")
  add_test(NAME codegen.oracle COMMAND codegen_oracle_tests_i32)
  add_test(NAME codegen.oracle.i64 COMMAND codegen_oracle_tests_i64)
  set_tests_properties(codegen.oracle codegen.oracle.i64 PROPERTIES LABELS oracle
                       SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")
  return()
endif()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${oracle_manifest}")

file(STRINGS "${oracle_manifest}" oracle_rows)
list(POP_FRONT oracle_rows)  # header
set(oracle_seen "")
foreach(row IN LISTS oracle_rows)
  string(REPLACE "\t" ";" cols "${row}")
  list(GET cols 0 model)
  list(GET cols 1 case)
  if("${model}/${case}" IN_LIST oracle_seen)
    continue()  # one row per output
  endif()
  list(APPEND oracle_seen "${model}/${case}")
  foreach(bits 32 64)
    set(name codegen.oracle.${model}.${case})
    if(bits EQUAL 64)
      set(name codegen.oracle.i64.${model}.${case})
    endif()
    add_test(NAME ${name} COMMAND codegen_oracle_tests_i${bits} --model ${model} --case ${case})
    set_tests_properties(${name} PROPERTIES LABELS oracle SKIP_REGULAR_EXPRESSION "\\[  SKIPPED \\]")
  endforeach()
endforeach()
