# Builds CUDA sources for the CPU backend and runs the program, all at test time, the way the grader
# builds a runner: each source rewritten by kitcpu-rewrite, compiled with the runtime's flags, linked,
# run. The test fails at the first step that fails, and says which.
#
#   cmake -DREWRITER=... -DCXX=... -DSOURCES="a.cu b.cu" -DCOMPILE_ARGS="..." -DLINK_ARGS="..."
#         -DWORK_DIR=... -P run_cpu_program.cmake
foreach(variable REWRITER CXX SOURCES COMPILE_ARGS LINK_ARGS WORK_DIR)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "run_cpu_program.cmake needs -D${variable}=...")
  endif()
endforeach()

file(MAKE_DIRECTORY ${WORK_DIR})
separate_arguments(sources UNIX_COMMAND "${SOURCES}")
separate_arguments(compile_args UNIX_COMMAND "${COMPILE_ARGS}")
separate_arguments(link_args UNIX_COMMAND "${LINK_ARGS}")

set(objects)
foreach(source IN LISTS sources)
  get_filename_component(name ${source} NAME_WE)
  execute_process(COMMAND ${REWRITER} ${source} ${WORK_DIR}/${name}.cpp ${source} RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "kitcpu-rewrite could not rewrite ${source}")
  endif()
  execute_process(COMMAND ${CXX} ${compile_args} -c ${WORK_DIR}/${name}.cpp -o ${WORK_DIR}/${name}.o
                  RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "the rewritten ${source} does not compile")
  endif()
  list(APPEND objects ${WORK_DIR}/${name}.o)
endforeach()

execute_process(COMMAND ${CXX} ${objects} ${link_args} -o ${WORK_DIR}/program RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "linking failed")
endif()
execute_process(COMMAND ${WORK_DIR}/program RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the program failed (${status})")
endif()
