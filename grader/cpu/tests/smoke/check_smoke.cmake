# Runs one smoke program the way the grader runs a runner, and checks what it did.
#   -DPROGRAM=path -DARGS=a;b  -DENVIRONMENT=VAR=value;...  -DREPORT=path of the KITCPU_REPORT file
#   -DEXIT_CODE=n              the exit code it must end with
#   -DOUTPUT_MATCHES=re;re     regular expressions its stdout+stderr must all match
#   -DOUTPUT_LACKS=re;re       regular expressions its stdout+stderr must not match
#   -DREPORT_MATCHES=re;re     regular expressions the KITCPU_REPORT file must all match
#   -DREPORT_EMPTY=ON          the KITCPU_REPORT file must hold no diagnostic
#   -DCALLS=path -DCALLS_PRINTER=kitcpu-calls
#   -DCALLS_MATCHES=re;re      regular expressions the record of runtime calls (KITCPU_CALLS, as
#                              kitcpu-calls prints it) must all match
#   -DCALLS_LACKS=re;re        regular expressions it must not match
file(REMOVE "${REPORT}")
set(calls_environment "")
if(CALLS_MATCHES OR CALLS_LACKS)
  file(REMOVE "${CALLS}")
  set(calls_environment KITCPU_CALLS=${CALLS})
endif()
execute_process(
  COMMAND ${CMAKE_COMMAND} -E env KITCPU_REPORT=${REPORT} ${calls_environment} ${ENVIRONMENT} ${PROGRAM} ${ARGS}
  RESULT_VARIABLE exit_code
  OUTPUT_VARIABLE output
  ERROR_VARIABLE output
  TIMEOUT 120)
set(report "")
if(EXISTS "${REPORT}")
  file(READ "${REPORT}" report)
endif()
set(problems "")
if(NOT "${exit_code}" STREQUAL "${EXIT_CODE}")
  string(APPEND problems "exit code ${exit_code}, expected ${EXIT_CODE}\n")
endif()
foreach(expression IN LISTS OUTPUT_MATCHES)
  if(NOT output MATCHES "${expression}")
    string(APPEND problems "output does not match: ${expression}\n")
  endif()
endforeach()
foreach(expression IN LISTS OUTPUT_LACKS)
  if(output MATCHES "${expression}")
    string(APPEND problems "output matches what it must not: ${expression}\n")
  endif()
endforeach()
foreach(expression IN LISTS REPORT_MATCHES)
  if(NOT report MATCHES "${expression}")
    string(APPEND problems "report does not match: ${expression}\n")
  endif()
endforeach()
if(REPORT_EMPTY AND NOT report STREQUAL "")
  string(APPEND problems "report is not empty\n")
endif()
set(calls "")
if(calls_environment)
  execute_process(COMMAND ${CALLS_PRINTER} ${CALLS} OUTPUT_VARIABLE calls)
  foreach(expression IN LISTS CALLS_MATCHES)
    if(NOT calls MATCHES "${expression}")
      string(APPEND problems "record of calls does not match: ${expression}\n")
    endif()
  endforeach()
  foreach(expression IN LISTS CALLS_LACKS)
    if(calls MATCHES "${expression}")
      string(APPEND problems "record of calls matches what it must not: ${expression}\n")
    endif()
  endforeach()
endif()
if(problems)
  message(FATAL_ERROR "${problems}--- output ---\n${output}\n--- report ---\n${report}\n--- calls ---\n${calls}")
endif()
message(STATUS "${output}")
