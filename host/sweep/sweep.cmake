# The sweep: its space language, the run folder and identity, progress, and the orchestration of
# search, measurement and choice.
find_package(OpenSSL REQUIRED)
find_package(Git QUIET)
set(AOTBENCH_GIT_COMMIT "unknown")
if(GIT_FOUND)
  execute_process(COMMAND "${GIT_EXECUTABLE}" rev-parse --short=12 HEAD WORKING_DIRECTORY "${CMAKE_SOURCE_DIR}"
                  OUTPUT_VARIABLE _commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE _rc)
  if(_rc EQUAL 0)
    set(AOTBENCH_GIT_COMMIT "${_commit}")
  endif()
endif()

set(_dir ${CMAKE_CURRENT_LIST_DIR})
add_library(aotbench_sweep STATIC
  ${_dir}/space.cpp ${_dir}/progress.cpp ${_dir}/run_identity.cpp ${_dir}/run_folder.cpp ${_dir}/sweep.cpp
  ${_dir}/options_apply.cpp ${_dir}/patch_axis.cpp)
target_include_directories(aotbench_sweep PUBLIC "${CMAKE_CURRENT_SOURCE_DIR}")
target_link_libraries(aotbench_sweep PUBLIC aotbench_search aotbench_measure aotbench_choice aotbench_infer aotbench_host
                      aotbench_results PkgConfig::TOMLPP OpenSSL::Crypto fmt::fmt)
target_compile_definitions(aotbench_sweep PRIVATE "AOTBENCH_SOURCE_DIR=\"${CMAKE_SOURCE_DIR}\""
                           "AOTBENCH_GIT_COMMIT=\"${AOTBENCH_GIT_COMMIT}\"" "AOTBENCH_VERSION=\"${PROJECT_VERSION}\"")
target_link_libraries(aotbench PRIVATE aotbench_sweep)

include(${_dir}/tests/sweep_tests.cmake OPTIONAL)
