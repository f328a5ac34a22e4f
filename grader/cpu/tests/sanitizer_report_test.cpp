// The reports under data/ were captured from small programs built with g++ 12 and -fsanitize=address,
// undefined or thread (the file name says which); their functions play the part of kernels.
#include <kitcpu/sanitizer_report.h>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace kitcpu {
namespace {

std::string read_data(const std::string& name) {
  std::ifstream in(std::string(KITCPU_TEST_DATA_DIR) + "/" + name);
  EXPECT_TRUE(in.good()) << "missing test data " << name;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

Diagnostic only_one(const std::vector<Diagnostic>& found) {
  EXPECT_EQ(found.size(), 1u);
  return found.empty() ? Diagnostic{} : found.front();
}

TEST(SanitizerReport, HeapOverflowInKernelIsGlobalOutOfBounds) {
  Diagnostic d = only_one(parse_sanitizer_output(read_data("asan_heap_overflow.txt"), "vector_add.cu"));
  EXPECT_EQ(d.severity, "error");
  EXPECT_EQ(d.category, "global-out-of-bounds");
  EXPECT_EQ(d.file, "vector_add.cu");
  EXPECT_EQ(d.line, 5);
  EXPECT_EQ(d.kernel, "vecAdd");
  EXPECT_TRUE(has(d.message, "write of 4 bytes")) << d.message;
  EXPECT_TRUE(has(d.message, "after the end of a 400-byte buffer allocated at line 11")) << d.message;
  EXPECT_TRUE(has(d.hint, "Row < Width")) << d.hint;
}

TEST(SanitizerReport, UseAfterFreeNamesTheFreeingLine) {
  Diagnostic d = only_one(parse_sanitizer_output(read_data("asan_use_after_free.txt"), "free_early.cu"));
  EXPECT_EQ(d.category, "use-after-free");
  EXPECT_EQ(d.line, 3);
  EXPECT_EQ(d.kernel, "scale");
  EXPECT_TRUE(has(d.message, "freed at line 6")) << d.message;
  EXPECT_TRUE(has(d.hint, "cudaFree")) << d.hint;
}

TEST(SanitizerReport, LocalArrayOverflowNamesTheArray) {
  Diagnostic d = only_one(parse_sanitizer_output(read_data("asan_local_array.txt"), "local_array.cu"));
  EXPECT_EQ(d.category, "local-out-of-bounds");
  EXPECT_EQ(d.line, 6);
  EXPECT_EQ(d.kernel, "sumWindow");
  EXPECT_TRUE(has(d.message, "read of 4 bytes")) << d.message;
  EXPECT_TRUE(has(d.message, "'window'")) << d.message;
}

TEST(SanitizerReport, GlobalVariableOverflowNamesTheVariable) {
  Diagnostic d = only_one(parse_sanitizer_output(read_data("asan_global_array.txt"), "device_table.cu"));
  EXPECT_EQ(d.category, "global-out-of-bounds");
  EXPECT_EQ(d.line, 3);
  EXPECT_TRUE(has(d.message, "'weights'")) << d.message;
}

TEST(SanitizerReport, NullStoreIsAnInvalidAddress) {
  Diagnostic d = only_one(parse_sanitizer_output(read_data("asan_null_store.txt"), "null_output.cu"));
  EXPECT_EQ(d.category, "invalid-address");
  EXPECT_EQ(d.line, 2);
  EXPECT_EQ(d.kernel, "fill");
  EXPECT_TRUE(has(d.message, "write")) << d.message;
}

TEST(SanitizerReport, DoubleFreeIsPlacedAtTheSecondFree) {
  Diagnostic d = only_one(parse_sanitizer_output(read_data("asan_double_free.txt"), "free_twice.cu"));
  EXPECT_EQ(d.category, "double-free");
  EXPECT_EQ(d.line, 7);
  EXPECT_TRUE(has(d.message, "first at line 5")) << d.message;
}

// UndefinedBehaviorSanitizer reports the overflow of the tile twice (bounds, object size) and
// AddressSanitizer once more: the student gets one diagnostic for the line.
TEST(SanitizerReport, TileIndexOverflowIsReportedOncePerLine) {
  Diagnostic d = only_one(parse_sanitizer_output(read_data("ubsan_tile_index.txt"), "tile_index.cu"));
  EXPECT_EQ(d.category, "index-out-of-bounds");
  EXPECT_EQ(d.file, "tile_index.cu");
  EXPECT_EQ(d.line, 5);
  EXPECT_EQ(d.kernel, "loadTile");
  EXPECT_TRUE(has(d.message, "index 16 out of bounds for type 'float [16]'")) << d.message;
  EXPECT_TRUE(has(d.hint, "TILE_WIDTH")) << d.hint;
}

TEST(SanitizerReport, SignedOverflowIsUndefinedBehaviour) {
  Diagnostic d = only_one(parse_sanitizer_output(read_data("ubsan_signed_overflow.txt"), "big_index.cu"));
  EXPECT_EQ(d.category, "undefined-behaviour");
  EXPECT_EQ(d.line, 2);
  EXPECT_EQ(d.kernel, "flatIndex");
  EXPECT_TRUE(has(d.message, "signed integer overflow")) << d.message;
  EXPECT_TRUE(has(d.hint, "size_t")) << d.hint;
}

TEST(SanitizerReport, RaceBetweenFibersOfOneBlockSuspectsAMissingBarrier) {
  Diagnostic d = only_one(parse_sanitizer_output(read_data("tsan_race_fibers.txt"), "shift_left.cu"));
  EXPECT_EQ(d.category, "data-race");
  EXPECT_EQ(d.line, 14);
  EXPECT_EQ(d.kernel, "shiftLeft");
  EXPECT_EQ(d.block, "(0,0,0)");
  EXPECT_EQ(d.thread, "(2,0,0)");
  EXPECT_TRUE(has(d.message, "thread (2,0,0) of block (0,0,0) reads 'tile' at line 14")) << d.message;
  EXPECT_TRUE(has(d.message, "thread (3,0,0) of block (0,0,0) wrote it at line 13")) << d.message;
  EXPECT_EQ(d.hint, "Missing __syncthreads suspected between the write (line 13) and the read (line 14); if one already stands between "
                    "those lines, the two accesses are in different iterations of a loop, and the barrier missing is "
                    "the one at the end of the loop body.");
}

TEST(SanitizerReport, ReadModifyWriteRaceSuggestsAnAtomic) {
  Diagnostic d = only_one(parse_sanitizer_output(read_data("tsan_race_blocks.txt"), "block_count.cu"));
  EXPECT_EQ(d.category, "data-race");
  EXPECT_EQ(d.line, 5);
  EXPECT_EQ(d.kernel, "countBlock");
  EXPECT_TRUE(has(d.message, "'count'")) << d.message;
  EXPECT_TRUE(has(d.hint, "atomicAdd")) << d.hint;
}

TEST(SanitizerReport, MemoryTheSanitizerCannotNameIsNotCalledNull) {
  // As ThreadSanitizer reports a race on the arena the grader lends a runner.
  std::string report = read_data("tsan_race_blocks.txt");
  const std::string named = "global 'count'";
  report.replace(report.find(named), named.size(), "global '<null>'");
  Diagnostic d = only_one(parse_sanitizer_output(report, "block_count.cu"));
  EXPECT_FALSE(has(d.message, "<null>")) << d.message;
  EXPECT_TRUE(has(d.message, "the same 4-byte location")) << d.message;
}

TEST(SanitizerReport, StudentFileMatchesByPathOrName) {
  std::string text = read_data("asan_heap_overflow.txt");
  for (const char* name : {"/home/student/hw/vector_add.cu", "hw/vector_add.cu", "./vector_add.cu",
                           "/home/student/vector_add.cu"}) {
    Diagnostic d = only_one(parse_sanitizer_output(text, name));
    EXPECT_EQ(d.file, name);
    EXPECT_EQ(d.line, 5) << name;
  }
}

TEST(SanitizerReport, ReportOutsideTheStudentFileKeepsItsOwnLocationAndSaysSo) {
  Diagnostic d = only_one(parse_sanitizer_output(read_data("asan_heap_overflow.txt"), "matmul.cu"));
  EXPECT_EQ(d.category, "global-out-of-bounds");
  EXPECT_EQ(d.file, "/home/student/hw/vector_add.cu");
  EXPECT_EQ(d.line, 5);
  EXPECT_TRUE(d.kernel.empty());
  EXPECT_TRUE(has(d.hint, "No frame of the report is in your file")) << d.hint;
}

TEST(SanitizerReport, ReportsAmongOtherOutputAreFoundInOrder) {
  std::string text = "Width 64: ok\n" + read_data("ubsan_signed_overflow.txt") + "some program output\n" +
                     read_data("asan_heap_overflow.txt");
  std::vector<Diagnostic> found = parse_sanitizer_output(text, "vector_add.cu");
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].category, "undefined-behaviour");
  EXPECT_EQ(found[0].file, "big_index.cu");  // not the student's file: its own location
  EXPECT_EQ(found[1].category, "global-out-of-bounds");
  EXPECT_EQ(found[1].file, "vector_add.cu");
}

TEST(SanitizerReport, TextWithoutReportsGivesNothing) {
  EXPECT_TRUE(parse_sanitizer_output("", "a.cu").empty());
  EXPECT_TRUE(parse_sanitizer_output("PASSED 12 tests\nruntime error in the title\n", "a.cu").empty());
}

TEST(SanitizerReport, FramesWithColumnsAreUnderstood) {
  std::string text =
      "==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000014 at pc 0x1 bp 0x2 sp 0x3\n"
      "READ of size 4 at 0x602000000014 thread T1\n"
      "    #0 0x55d0 in void transpose<float>(float*, float const*, int) /src/transpose.cu:21:14\n"
      "    #1 0x55d1 in kitcpu::detail::run_fiber(void*) /src/grader/cpu/src/scheduler.cpp:80:5\n"
      "\n"
      "0x602000000014 is located 0 bytes after 4-byte region [0x602000000010,0x602000000014)\n"
      "SUMMARY: AddressSanitizer: heap-buffer-overflow /src/transpose.cu:21:14 in transpose\n";
  Diagnostic d = only_one(parse_sanitizer_output(text, "transpose.cu"));
  EXPECT_EQ(d.line, 21);
  EXPECT_EQ(d.kernel, "transpose<float>");
  EXPECT_TRUE(has(d.message, "read of 4 bytes, 0 bytes after the end of a 4-byte buffer")) << d.message;
}

// The reports below come from the CPU backend itself: the programs of diagnostics/ built against the
// asan and tsan flavours of the runtime.

TEST(SanitizerReport, RuntimeGlobalOverflowIsPlacedAtTheKernelLine) {
  Diagnostic d = only_one(
      parse_sanitizer_output(read_data("asan_runtime_global_overflow.txt"), "global_out_of_bounds.cu"));
  EXPECT_EQ(d.category, "global-out-of-bounds");
  EXPECT_EQ(d.line, 8);
  EXPECT_EQ(d.kernel, "vecAdd");
  EXPECT_TRUE(has(d.message, "write of 4 bytes, 0 bytes after the end of a 4000-byte buffer allocated at line 17"))
      << d.message;
  // From the runtime's own diagnostic, printed after the report.
  EXPECT_EQ(d.block, "(3,0,0)");
  EXPECT_EQ(d.thread, "(232,0,0)");
}

TEST(SanitizerReport, RuntimeDeviceRedZoneIsGlobalOutOfBounds) {
  Diagnostic d = only_one(
      parse_sanitizer_output(read_data("asan_runtime_device_red_zone.txt"), "global_out_of_bounds.cu"));
  EXPECT_EQ(d.category, "global-out-of-bounds");
  EXPECT_EQ(d.line, 8);
  EXPECT_EQ(d.kernel, "vecAdd");
  EXPECT_TRUE(has(d.message, "write of 4 bytes in a red zone around a device buffer")) << d.message;
  EXPECT_EQ(d.thread, "(232,0,0)");
}

TEST(SanitizerReport, RuntimeSharedRedZoneIsSharedOutOfBounds) {
  Diagnostic d = only_one(parse_sanitizer_output(read_data("asan_runtime_dynamic_shared.txt"),
                                                 "dynamic_shared_out_of_bounds.cu"));
  EXPECT_EQ(d.category, "shared-out-of-bounds");
  EXPECT_EQ(d.line, 9);
  EXPECT_EQ(d.kernel, "pairwise_sums");
  EXPECT_TRUE(has(d.message, "write of 4 bytes in shared memory")) << d.message;
  EXPECT_TRUE(has(d.hint, "<<<...>>>")) << d.hint;
}

TEST(SanitizerReport, RuntimeSharedTileIndexIsIndexOutOfBounds) {
  Diagnostic d = only_one(
      parse_sanitizer_output(read_data("ubsan_runtime_shared_tile.txt"), "shared_out_of_bounds.cu"));
  EXPECT_EQ(d.category, "index-out-of-bounds");
  EXPECT_EQ(d.line, 9);
  EXPECT_EQ(d.kernel, "shift_into_tile");
}

// The tsan flavour also reported races inside its own scheduler when this was captured; only the
// student's race is a diagnostic.
TEST(SanitizerReport, RuntimeMissingBarrierIsTheOnlyRaceReported) {
  Diagnostic d = only_one(
      parse_sanitizer_output(read_data("tsan_runtime_missing_barrier.txt"), "missing_barrier.cu"));
  EXPECT_EQ(d.category, "data-race");
  EXPECT_EQ(d.line, 15);
  EXPECT_EQ(d.kernel, "shift_right");
  EXPECT_EQ(d.block, "(0,0,0)");
  EXPECT_EQ(d.thread, "(1,0,0)");
  EXPECT_TRUE(has(d.message, "location of shared memory at line 15")) << d.message;
  EXPECT_TRUE(has(d.message, "thread (0,0,0) of block (0,0,0) wrote it at line 13")) << d.message;
  EXPECT_EQ(d.hint, "Missing __syncthreads suspected between the write (line 13) and the read (line 15); if one already stands between "
                    "those lines, the two accesses are in different iterations of a loop, and the barrier missing is "
                    "the one at the end of the loop body.");
}

}  // namespace
}  // namespace kitcpu

namespace kitcpu {
namespace {

// Two stores to one global element (an unguarded transpose's threads outside the matrix): a write
// conflict, told as such, never a missing barrier or a read-modify-write.
TEST(SanitizerReport, TwoStoresToOneGlobalElementAreAWriteConflict) {
  std::string report = read_data("tsan_race_blocks.txt");
  report.replace(report.find("  Read of size 4"), std::string("  Read of size 4").size(), "  Write of size 4");
  Diagnostic d = only_one(parse_sanitizer_output(report, "block_count.cu"));
  EXPECT_EQ(d.category, "write-conflict");
  EXPECT_TRUE(has(d.message, "two threads store 'count'")) << d.message;
  EXPECT_FALSE(has(d.hint, "__syncthreads")) << d.hint;
  EXPECT_TRUE(has(d.hint, "bounds test")) << d.hint;
}

}  // namespace
}  // namespace kitcpu
