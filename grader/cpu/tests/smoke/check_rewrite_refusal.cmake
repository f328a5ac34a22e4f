# Runs kitcpu-rewrite on a file it must refuse, and checks the message.
#   -DREWRITER=path -DSOURCE=path -DDISPLAY=name -DOUTPUT=path -DMESSAGE_MATCHES=re;re
execute_process(COMMAND ${REWRITER} ${SOURCE} ${OUTPUT} ${DISPLAY} RESULT_VARIABLE exit_code
                OUTPUT_VARIABLE output ERROR_VARIABLE output)
set(problems "")
if(NOT exit_code EQUAL 2)
  string(APPEND problems "kitcpu-rewrite exited with ${exit_code}, expected 2 (a refusal)\n")
endif()
foreach(expression IN LISTS MESSAGE_MATCHES)
  if(NOT output MATCHES "${expression}")
    string(APPEND problems "message does not match: ${expression}\n")
  endif()
endforeach()
if(problems)
  message(FATAL_ERROR "${problems}--- output ---\n${output}")
endif()
message(STATUS "${output}")
