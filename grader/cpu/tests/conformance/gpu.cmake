# The conformance suite built by nvcc for a GPU: the same sources the CPU backend runs, so the two give
# the same results on the same kernels. Included by grader/cpu/tests, and by the top level when the CPU
# backend is not built (a GPU machine without Boost.Context still checks the GPU side).
file(GLOB _kitcpu_conformance_cu CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/*.cu)
add_executable(kitcpu_conformance_gpu ${_kitcpu_conformance_cu})
target_include_directories(kitcpu_conformance_gpu PRIVATE ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(kitcpu_conformance_gpu PRIVATE GTest::gtest)
# main.cu exits 77 when no GPU can be used; CTest then shows the test as skipped, not passed.
add_test(NAME kitcpu.conformance.gpu COMMAND kitcpu_conformance_gpu)
set_tests_properties(kitcpu.conformance.gpu PROPERTIES LABELS gpu SKIP_RETURN_CODE 77 RESOURCE_LOCK gpu)
