# Sweep tests (CTest names sweep.*): unit tests of the space, progress and run folder, the whole
# pipeline on devices (every schedule against the oracle, faults), and end-to-end sweeps in QEMU
# (one emulator at a time each).
set(_dir ${CMAKE_CURRENT_LIST_DIR})
add_executable(sweep_tests ${_dir}/sweep_space_test.cpp ${_dir}/sweep_progress_test.cpp ${_dir}/sweep_clang_device_test.cpp
                           ${_dir}/sweep_device_oracle_test.cpp ${_dir}/sweep_run_folder_test.cpp
                           ${_dir}/sweep_identity_test.cpp ${_dir}/sweep_device_ops_test.cpp)
target_link_libraries(sweep_tests PRIVATE aotbench_sweep aotbench_test_shared aotbench_op_cases GTest::gtest_main
                      util)  # util: openpty
target_compile_definitions(sweep_tests PRIVATE "AOTBENCH_FIRMWARE_DIR=\"${AOTBENCH_FIRMWARE_DIR}\""
                           "AOTBENCH_TEST_TMP=\"${CMAKE_CURRENT_BINARY_DIR}/sweep_tmp\"")
set(_env "AOTBENCH_CACHE_DIR=${CMAKE_BINARY_DIR}/test-cache")
# ClangOnDevice boots QEMU (one emulator) and builds into the test cache, never the user's.
gtest_discover_tests(sweep_tests TEST_PREFIX sweep. DISCOVERY_TIMEOUT 60 PROPERTIES ENVIRONMENT "${_env}" TIMEOUT 600)

add_test(NAME sweep.e2e COMMAND /usr/bin/python3 ${_dir}/sweep_e2e_test.py $<TARGET_FILE:aotbench>
                                ${CMAKE_CURRENT_BINARY_DIR}/sweep_e2e)
add_test(NAME sweep.resume COMMAND /usr/bin/python3 ${_dir}/sweep_resume_test.py $<TARGET_FILE:aotbench>
                                   ${CMAKE_CURRENT_BINARY_DIR}/sweep_resume)
add_test(NAME sweep.big_model COMMAND /usr/bin/python3 ${_dir}/sweep_big_model_test.py $<TARGET_FILE:aotbench>
                                      ${AOTBENCH_SHARED_DIR} ${CMAKE_CURRENT_BINARY_DIR}/sweep_big_model)
add_test(NAME sweep.integrity COMMAND /usr/bin/python3 ${_dir}/sweep_integrity_test.py $<TARGET_FILE:aotbench>
                                      ${CMAKE_CURRENT_BINARY_DIR}/sweep_integrity)
add_test(NAME sweep.concurrent COMMAND /usr/bin/python3 ${_dir}/sweep_concurrent_test.py $<TARGET_FILE:aotbench>
                                       ${CMAKE_CURRENT_BINARY_DIR}/sweep_concurrent)
add_test(NAME sweep.options COMMAND /usr/bin/python3 ${_dir}/sweep_options_test.py $<TARGET_FILE:aotbench>
                                    ${CMAKE_CURRENT_BINARY_DIR}/sweep_options)
add_test(NAME sweep.outcomes COMMAND /usr/bin/python3 ${_dir}/sweep_outcomes_test.py $<TARGET_FILE:aotbench>
                                     ${CMAKE_CURRENT_BINARY_DIR}/sweep_outcomes)
add_test(NAME sweep.link_faults COMMAND /usr/bin/python3 ${_dir}/sweep_link_faults_test.py $<TARGET_FILE:aotbench>
                                        ${CMAKE_CURRENT_BINARY_DIR}/sweep_link_faults)
add_test(NAME sweep.emulators COMMAND /usr/bin/python3 ${_dir}/sweep_emulators_test.py $<TARGET_FILE:aotbench>
                                      ${CMAKE_CURRENT_BINARY_DIR}/sweep_emulators)
add_test(NAME sweep.counter COMMAND /usr/bin/python3 ${_dir}/sweep_counter_test.py $<TARGET_FILE:aotbench>
                                    ${CMAKE_CURRENT_BINARY_DIR}/sweep_counter)
# Sweeps that do not test the counter count exact instructions: the timing model costs 3-6x the
# run time (sweep.counter tests it, with the board's default).
set(_env_exact "${_env};AOTBENCH_COUNTER=instructions")
set_tests_properties(sweep.e2e sweep.resume sweep.big_model sweep.integrity sweep.concurrent sweep.options
                     sweep.outcomes sweep.link_faults sweep.emulators PROPERTIES ENVIRONMENT "${_env_exact}" TIMEOUT 1200)
set_tests_properties(sweep.counter PROPERTIES ENVIRONMENT "${_env}" TIMEOUT 1200)
add_test(NAME sweep.transient COMMAND /usr/bin/python3 ${_dir}/sweep_transient_test.py $<TARGET_FILE:aotbench>
                                      ${CMAKE_CURRENT_BINARY_DIR}/sweep_transient)
set_tests_properties(sweep.transient PROPERTIES ENVIRONMENT "${_env_exact}" TIMEOUT 600 SKIP_RETURN_CODE 77)
add_test(NAME sweep.tune_trust COMMAND /usr/bin/python3 ${_dir}/sweep_tune_trust_test.py $<TARGET_FILE:aotbench>
                                       ${CMAKE_CURRENT_BINARY_DIR}/sweep_tune_trust)
set_tests_properties(sweep.tune_trust PROPERTIES ENVIRONMENT "${_env_exact}" TIMEOUT 600)
add_test(NAME sweep.tune COMMAND /usr/bin/python3 ${_dir}/sweep_tune_test.py $<TARGET_FILE:aotbench>
                                 ${AOTBENCH_SHARED_DIR} ${CMAKE_CURRENT_BINARY_DIR}/sweep_tune)
set_tests_properties(sweep.tune PROPERTIES ENVIRONMENT "${_env_exact}" TIMEOUT 1200)
set_tests_properties(sweep.big_model sweep.tune PROPERTIES SKIP_RETURN_CODE 77)  # no ../shared: needs_shared.py
