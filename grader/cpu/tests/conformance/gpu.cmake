# The conformance suite built by nvcc for a GPU: the same sources the CPU backend runs, so the two give
# the same results on the same kernels. Included by grader/cpu/tests, and by the top level when the CPU
# backend is not built (a GPU machine without Boost.Context still checks the GPU side).
file(GLOB _kitcpu_conformance_cu CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.cu)
add_executable(kitcpu_conformance_gpu ${_kitcpu_conformance_cu})
target_include_directories(kitcpu_conformance_gpu PRIVATE ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(kitcpu_conformance_gpu PRIVATE GTest::gtest)
set_target_properties(kitcpu_conformance_gpu PROPERTIES UNITY_BUILD OFF)  # each file as a student's, alone
# Configured without a GPU in sight, the suite is built once, as PTX for the oldest of the guessed GPUs,
# which any newer one compiles as it loads: a third of the work of three real architectures, for a test
# that only runs where a GPU is.
if(KIT_CUDA_ARCHITECTURES_GUESSED)
  list(GET CMAKE_CUDA_ARCHITECTURES 0 _kitcpu_oldest_architecture)
  set_target_properties(kitcpu_conformance_gpu PROPERTIES CUDA_ARCHITECTURES ${_kitcpu_oldest_architecture}-virtual)
endif()
# main.cu exits 77 when no GPU can be used; CTest then shows the test as skipped, not passed.
add_test(NAME kitcpu.conformance.gpu COMMAND kitcpu_conformance_gpu)
set_tests_properties(kitcpu.conformance.gpu PROPERTIES LABELS gpu SKIP_RETURN_CODE 77 RESOURCE_LOCK gpu)
