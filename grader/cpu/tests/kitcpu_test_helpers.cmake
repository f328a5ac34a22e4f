# Building CUDA sources for the CPU backend, shared by tests/ and bench/: each .cu file is rewritten by
# kitcpu-rewrite at build time and the C++ it becomes is compiled against one flavour of the runtime.
# Executables stay in the current binary directory, out of the kit's bin/.

# Rewrites CUDA sources into C++ for the CPU backend at build time, once per source however many
# targets use it; the list of generated files goes to `out_var`. Diagnostics name the original path.
function(kitcpu_tests_rewrite out_var)
  set(outputs)
  foreach(source IN LISTS ARGN)
    get_filename_component(source ${source} ABSOLUTE)
    file(RELATIVE_PATH relative ${CMAKE_CURRENT_SOURCE_DIR} ${source})
    string(REGEX REPLACE "\\.cu$" ".cpp" generated ${relative})
    set(output ${CMAKE_CURRENT_BINARY_DIR}/rewritten/${generated})
    get_property(done DIRECTORY PROPERTY KITCPU_TESTS_REWRITTEN)
    if(NOT output IN_LIST done)
      get_filename_component(output_dir ${output} DIRECTORY)
      file(MAKE_DIRECTORY ${output_dir})
      add_custom_command(
        OUTPUT ${output}
        COMMAND $<TARGET_FILE:kitcpu-rewrite> ${source} ${output} ${source}
        DEPENDS kitcpu-rewrite ${source}
        COMMENT "Rewriting ${relative} for the CPU backend"
        VERBATIM)
      set_property(DIRECTORY APPEND PROPERTY KITCPU_TESTS_REWRITTEN ${output})
    endif()
    list(APPEND outputs ${output})
  endforeach()
  set(${out_var} ${outputs} PARENT_SCOPE)
endfunction()

# Builds `target` from rewritten sources against one flavour of the runtime (fast, asan or tsan).
function(kitcpu_tests_executable target flavour)
  kitcpu_tests_rewrite(sources ${ARGN})
  add_executable(${target} ${sources})
  target_include_directories(${target} PRIVATE ${KITCPU_INCLUDE_DIRS})
  # As the grader builds a runner: with the flavour's flags only, so assert() stays on whatever the
  # build type adds (Release and RelWithDebInfo define NDEBUG).
  target_compile_options(${target} PRIVATE ${KITCPU_COMPILE_FLAGS_${flavour}} -UNDEBUG)
  target_link_libraries(${target} PRIVATE kitcpu_runtime_${flavour} ${KITCPU_LINK_FLAGS_${flavour}})
  # Each source is a student file of its own, compiled alone as the grader compiles one: never merged.
  set_target_properties(${target} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR} UNITY_BUILD OFF)
endfunction()
