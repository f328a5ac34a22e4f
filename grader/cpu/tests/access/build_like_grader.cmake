# Builds a CUDA file for the access flavour the way the grader builds a runner — rewritten, then one
# compiler command that compiles and links — and checks what the flavour's flags promise: the runner
# needs no ThreadSanitizer runtime, defines the instrumentation's entry points itself, and writes a
# report when run.
#
#   cmake -DREWRITER=... -DCXX=... -DSOURCE=x.cu -DCOMPILE_FLAGS="..." -DINCLUDE_DIRS="..."
#         -DRUNTIME=libkitcpu_runtime_access.a -DLINK_FLAGS="..." -DWORK_DIR=... -P build_like_grader.cmake
foreach(variable REWRITER CXX SOURCE COMPILE_FLAGS INCLUDE_DIRS RUNTIME LINK_FLAGS WORK_DIR)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "build_like_grader.cmake needs -D${variable}=...")
  endif()
endforeach()

file(MAKE_DIRECTORY ${WORK_DIR})
separate_arguments(compile_flags UNIX_COMMAND "${COMPILE_FLAGS}")
separate_arguments(link_flags UNIX_COMMAND "${LINK_FLAGS}")
separate_arguments(include_dirs UNIX_COMMAND "${INCLUDE_DIRS}")
set(includes)
foreach(dir IN LISTS include_dirs)
  list(APPEND includes -I${dir})
endforeach()

get_filename_component(name ${SOURCE} NAME)
execute_process(COMMAND ${REWRITER} ${SOURCE} ${WORK_DIR}/student.cpp ${name} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "kitcpu-rewrite could not rewrite ${SOURCE}")
endif()
execute_process(COMMAND ${CXX} -std=c++17 ${compile_flags} ${includes} -o ${WORK_DIR}/runner ${WORK_DIR}/student.cpp
                        ${RUNTIME} ${link_flags}
                RESULT_VARIABLE status ERROR_VARIABLE errors)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "compiling and linking in one command failed:\n${errors}")
endif()

execute_process(COMMAND readelf -d ${WORK_DIR}/runner OUTPUT_VARIABLE dynamic RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "readelf failed on the runner")
endif()
if(dynamic MATCHES "libtsan")
  message(FATAL_ERROR "the runner links ThreadSanitizer's runtime:\n${dynamic}")
endif()
execute_process(COMMAND nm ${WORK_DIR}/runner OUTPUT_VARIABLE symbols)
if(NOT symbols MATCHES "T __tsan_read4" OR NOT symbols MATCHES "T __tsan_write4")
  message(FATAL_ERROR "the runner does not define the instrumentation's entry points itself")
endif()

set(ENV{KITCPU_ACCESS_REPORT} ${WORK_DIR}/report.jsonl)
set(ENV{KITCPU_ACCESS_BLOCKS} 1)
file(REMOVE ${WORK_DIR}/report.jsonl)
execute_process(COMMAND ${WORK_DIR}/runner RESULT_VARIABLE status OUTPUT_QUIET)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "the runner failed (${status})")
endif()
file(READ ${WORK_DIR}/report.jsonl report)
if(NOT report MATCHES "\"kernel\":\"transpose_naive\",\"file\":\"transpose.cu\",[^\n]*\"kind\":\"store\"")
  message(FATAL_ERROR "the report lacks the naive transpose's store:\n${report}")
endif()
