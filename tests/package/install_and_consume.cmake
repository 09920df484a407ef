# cmake -P script behind the package.install_and_consume test (see CMakeLists.txt here).
# Inputs: UJIT_BUILD_DIR, CONSUMER_SOURCE_DIR, WORK_DIR, GENERATOR, CONFIG.
cmake_minimum_required(VERSION 3.25)

function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "package test: ${what} failed (${rc}):\n${out}")
  endif()
  message(STATUS "package test: ${what}: ok")
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

set(prefix "${WORK_DIR}/prefix")
file(REMOVE_RECURSE "${WORK_DIR}")

if(NOT CONFIG)
  set(CONFIG Release)
endif()
run_step("install to ${prefix}" ${CMAKE_COMMAND} --install "${UJIT_BUILD_DIR}" --prefix "${prefix}" --config ${CONFIG})
run_step("configure the consumer" ${CMAKE_COMMAND} -S "${CONSUMER_SOURCE_DIR}" -B "${WORK_DIR}/build"
  -G "${GENERATOR}" -DCMAKE_BUILD_TYPE=${CONFIG} -DCMAKE_PREFIX_PATH=${prefix})
run_step("build the consumer" ${CMAKE_COMMAND} --build "${WORK_DIR}/build")
run_step("run the consumer" "${WORK_DIR}/build/ujit_consumer")
message(STATUS "${step_output}")
