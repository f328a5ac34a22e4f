// Judging where an answer came from, from the runtime calls a runner made (run/runtime_calls.h).
#include "run/runtime_calls.h"

#include <gtest/gtest.h>


#ifdef KIT_HAVE_CPU_BACKEND
#include "cpu_call_form.h"
#endif

namespace kit {
namespace {

const nlohmann::json kLaunch = {{"call", "launch"}, {"kernel", "matmul(float*)"}};

nlohmann::json copy(const std::string& kind, const nlohmann::json& from, const nlohmann::json& to) {
  return {{"call", "cudaMemcpy"}, {"kind", kind}, {"bytes", 64}, {"from", from}, {"to", to}};
}
const nlohmann::json kInputM = {{"array", "M"}, {"role", "input"}};
const nlohmann::json kOutputP = {{"array", "P"}, {"role", "output"}};
const nlohmann::json kHost = {{"array", "host"}, {"role", ""}};
const nlohmann::json kOwnDevice = {{"array", "device memory"}, {"role", ""}};

TEST(AnswerSource, AKernelAndDeviceCopiesAreTheKernelsWork) {
  EXPECT_EQ(answer_from_the_host({kLaunch}), "");
  // Staging an input in device memory of one's own is still device work.
  EXPECT_EQ(answer_from_the_host({copy("device-to-device", kInputM, kOwnDevice), kLaunch}), "");
}

TEST(AnswerSource, NoLaunchIsNoKernel) {
  EXPECT_EQ(answer_from_the_host({}), "no kernel was launched: the result must be computed by a kernel");
  EXPECT_EQ(answer_from_the_host({copy("device-to-device", kInputM, kOutputP)}),
            "no kernel was launched: the result must be computed by a kernel");
}

TEST(AnswerSource, ReadingInputsOrWritingOutputsFromTheHostIsHostWork) {
  EXPECT_EQ(answer_from_the_host({copy("device-to-host", kInputM, kHost), kLaunch,
                                  copy("host-to-device", kHost, kOutputP)}),
            "the answer came from host code: your code copied the input M (cudaMemcpy) to the host and wrote "
            "the output P (cudaMemcpy) from the host; it must be computed by a kernel");
  // Laundering an input through device memory of one's own first changes nothing.
  nlohmann::json laundered = copy("device-to-host", kOwnDevice, kHost);
  laundered["at"] = "matmul.cu:12";
  EXPECT_EQ(answer_from_the_host({kLaunch, laundered}),
            "the answer came from host code: your code copied device memory (cudaMemcpy at matmul.cu:12) to the "
            "host; it must be computed by a kernel");
}

TEST(AnswerSource, DescribesTheFirstCallsAndCountsTheRest) {
  std::vector<nlohmann::json> calls(14, kLaunch);
  calls[0] = copy("device-to-host", kInputM, kHost);
  const std::string text = describe_calls(calls);
  EXPECT_EQ(text.substr(0, text.find('\n')), "  cudaMemcpy device-to-host from M to host (64 bytes)");
  EXPECT_NE(text.find("  launch matmul(float*)\n"), std::string::npos);
  EXPECT_EQ(text.substr(text.rfind('\n') + 1), "  ... 2 more");
}

#ifdef KIT_HAVE_CPU_BACKEND
TEST(AnswerSource, TheCpuBackendsCallsNameTheArenasArrays) {
  const RunnerCase layout = layout_runner_case("f", {4, 4, 4}, {{"M", DType::f32, {4, 4}}}, {{"P", DType::f32, {4, 4}}},
                                               4096);
  kitcpu::RuntimeCall adopt;
  adopt.call = "adopt_device_memory";
  adopt.region = 0;
  kitcpu::RuntimeCall read;
  read.call = "cudaMemcpy";
  read.file = "matmul.cu";
  read.line = 7;
  read.effective_kind = "device-to-host";
  read.src = {"adopted", 0, static_cast<std::int64_t>(layout.arrays[0].offset + 8)};
  read.dst = {"host", -1, 0};
  read.bytes = 56;
  kitcpu::RuntimeCall launch;
  launch.call = "launch";
  launch.kernel = "matmul";
  launch.file = "matmul.cu";
  launch.line = 9;
  kitcpu::RuntimeCall write = read;
  write.line = 10;
  write.effective_kind = "host-to-device";
  write.src = {"pinned", 1, 0};
  write.dst = {"adopted", 0, static_cast<std::int64_t>(layout.arrays[1].offset)};
  std::vector<nlohmann::json> calls;
  for (const kitcpu::RuntimeCall& c : {adopt, read, launch, write}) {
    const nlohmann::json j = judged_form(c, layout);
    if (!j.is_null()) calls.push_back(j);
  }
  ASSERT_EQ(calls.size(), 3u);  // the adoption says nothing about the answer
  // Each end also names the buffer the data flow follows and how far into it (answer_flow.h).
  EXPECT_EQ(calls[0]["from"], (nlohmann::json{{"array", "M"}, {"role", "input"}, {"buffer", "array M"}, {"offset", 8}}));
  EXPECT_EQ(calls[0]["to"], (nlohmann::json{{"array", "host"}, {"role", ""}, {"memory", "host"}}));
  EXPECT_EQ(calls[0]["at"], "matmul.cu:7");
  EXPECT_EQ(calls[1]["kernel"], "matmul");
  EXPECT_EQ(calls[1]["arguments"], nlohmann::json::array());
  // Pinned memory is host memory, and names its allocation.
  EXPECT_EQ(calls[2]["from"], (nlohmann::json{{"array", "host"}, {"role", ""}, {"memory", "pinned"},
                                             {"buffer", "allocation 1"}, {"offset", 0}}));
  EXPECT_EQ(calls[2]["to"], (nlohmann::json{{"array", "P"}, {"role", "output"}, {"buffer", "array P"}, {"offset", 0}}));
  EXPECT_EQ(answer_from_the_host(calls),
            "the answer came from host code: your code copied the input M (cudaMemcpy at matmul.cu:7) to the host "
            "and wrote the output P (cudaMemcpy at matmul.cu:10) from the host; it must be computed by a kernel");
}
#endif

nlohmann::json launch(std::vector<unsigned> grid, std::vector<unsigned> block) {
  return {{"type", "call"}, {"call", "launch"}, {"kernel", "MatrixMulKernel(float const*, float const*, float*, int)"},
          {"grid", grid}, {"block", block}, {"shared_bytes", 0}, {"at", "matmul.cu:42"}};
}

TEST(RefusedLaunch, NamesTheLimitABlockBreaks) {
  EXPECT_EQ(refused_launch({launch({1, 1, 1}, {65, 65, 1})}),
            "the launch of MatrixMulKernel at matmul.cu:42 asks for blocks of (65,65,1) = 4225 threads; a block may "
            "have at most 1024");
  EXPECT_EQ(refused_launch({launch({0, 0, 1}, {16, 16, 1})}),
            "the launch of MatrixMulKernel at matmul.cu:42 has a zero-sized grid (0,0,1): every dimension must be at "
            "least 1");
  EXPECT_EQ(refused_launch({launch({1, 1, 1}, {1, 1, 65})}),
            "the launch of MatrixMulKernel at matmul.cu:42 asks for blocks of (1,1,65): blockDim.z may be at most 64");
  EXPECT_EQ(refused_launch({launch({1, 70000, 1}, {16, 16, 1})}),
            "the launch of MatrixMulKernel at matmul.cu:42 asks for a grid of (1,70000,1): gridDim.y may be at most "
            "65535");
  EXPECT_EQ(refused_launch({launch({5, 5, 1}, {32, 32, 1})}), "");
  EXPECT_EQ(refused_launch({}), "");
}

TEST(RefusedLaunch, SaysWhenTheGridAndTheBlockLookExchanged) {
  // <<<dimBlock, dimGrid>>> for a 640x480 picture with 16 x 16 blocks.
  EXPECT_EQ(refused_launch({launch({16, 16, 1}, {40, 30, 1})}),
            "the launch of MatrixMulKernel at matmul.cu:42 asks for blocks of (40,30,1) = 1200 threads; a block may "
            "have at most 1024. Its grid, (16,16,1), has the shape of a block: the grid and the block look exchanged, "
            "<<<grid, block>>> takes the grid first");
}

TEST(UncoveredOutput, AGridRoundedDownLeavesTheLastRowAndColumn) {
  const ArraySpec p{"P", DType::f32, {17, 17}};
  // 16 x 16 threads for 17 x 17: 33 elements unwritten, once per seed's call.
  const std::vector<nlohmann::json> calls = {launch({1, 1, 1}, {16, 16, 1}), launch({1, 1, 1}, {16, 16, 1})};
  EXPECT_EQ(uncovered_output(calls, p, 33),
            "the grid of (1,1,1) blocks of (16,16,1) threads covers 16 columns and 16 rows; P has 17 columns and 17 "
            "rows: gridDim.x is 1, 17 / 16 rounded down: round the number of blocks up, (n + BLOCK - 1) / BLOCK; "
            "gridDim.y is 1, 17 / 16 rounded down: round the number of blocks up, (n + BLOCK - 1) / BLOCK");
  EXPECT_EQ(uncovered_output(calls, p, 32), "");  // another pattern of unwritten elements: not the grid's doing
  EXPECT_EQ(uncovered_output({launch({1, 1, 1}, {16, 16, 1}), launch({2, 2, 1}, {16, 16, 1})}, p, 33), "");
  EXPECT_EQ(uncovered_output({}, p, 33), "");
}

TEST(UncoveredOutput, ExchangedGridAxes) {
  const ArraySpec p{"P", DType::f32, {16, 48}};  // 16 rows, 48 columns
  // x over the rows and y over the columns: 16 columns and 48 rows covered, 16 x 16 of P.
  EXPECT_EQ(uncovered_output({launch({1, 3, 1}, {16, 16, 1})}, p, 16 * 48 - 16 * 16),
            "the grid of (1,3,1) blocks of (16,16,1) threads covers 16 columns and 48 rows; P has 48 columns and 16 "
            "rows: x counts columns and y rows, and the grid's x and y look exchanged");
}

TEST(UncoveredOutput, AGridAxisMadeFromTheOtherDimensionIsNamedNotTheRounding) {
  // A picture 100 rows high and 1 column wide, gridDim.y made from the width: (1 + 15) / 16 = 1 block.
  const ArraySpec out{"out", DType::u8, {100, 1}};
  EXPECT_EQ(uncovered_output({launch({1, 1, 1}, {16, 16, 1})}, out, 84),
            "the grid of (1,1,1) blocks of (16,16,1) threads covers 16 columns and 16 rows; out has 1 columns and 100 "
            "rows: gridDim.y is 1, made from the columns (1), not the rows (100)");
  // 67 rows, 64 columns: 4 blocks of 16 rows is the columns' count and 67 / 16 rounded down alike:
  // both fit, and both are said.
  const ArraySpec p{"P", DType::f32, {67, 64}};
  EXPECT_EQ(uncovered_output({launch({4, 4, 1}, {16, 16, 1})}, p, 3 * 64),
            "the grid of (4,4,1) blocks of (16,16,1) threads covers 64 columns and 64 rows; P has 64 columns and 67 "
            "rows: gridDim.y is 4: 67 / 16 rounded down, or made from the columns (64), not the rows (67)");
  // Too few for no reason the record shows: the count it needs.
  EXPECT_EQ(uncovered_output({launch({1, 2, 1}, {16, 16, 1})}, ArraySpec{"P", DType::f32, {100, 16}}, 100 * 16 - 32 * 16),
            "the grid of (1,2,1) blocks of (16,16,1) threads covers 16 columns and 32 rows; P has 16 columns and 100 "
            "rows: gridDim.y is 2; 100 rows in blocks of 16 need 7");
}

// A grid counted in BLOCK_WIDTH = 32 blocks (one for 17 columns) launched with 16 x 16 blocks written as a
// number: the block is the slip, not the count.
TEST(UncoveredOutput, ABlockOtherThanTheKnobsIsNamed) {
  const ArraySpec p{"P", DType::f32, {17, 17}};
  const KnobBlocks blocks = knob_blocks({{"BLOCK_WIDTH", 32}});
  EXPECT_EQ(uncovered_output({launch({1, 1, 1}, {16, 16, 1})}, p, 33, blocks),
            "the grid of (1,1,1) blocks of (16,16,1) threads covers 16 columns and 16 rows; P has 17 columns and 17 "
            "rows: the grid counts blocks of BLOCK_WIDTH = 32, but the blocks launched are (16,16,1): size the block "
            "with BLOCK_WIDTH too, not with a number");
}

// A transpose's blocks are TILE_DIM x BLOCK_ROWS threads that walk TILE_DIM rows: a block covers TILE_DIM
// rows, and a grid with x and y exchanged is named as such, not as a count of BLOCK_ROWS-row blocks.
TEST(UncoveredOutput, ATransposeBlockCoversItsTilesRows) {
  const KnobBlocks blocks = knob_blocks({{"TILE_DIM", 32}, {"BLOCK_ROWS", 8}});
  EXPECT_EQ(blocks.rows_per_block, 32);
  const ArraySpec odata{"odata", DType::f32, {64, 96}};  // 64 rows, 96 columns
  EXPECT_EQ(uncovered_output({launch({2, 3, 1}, {32, 8, 1})}, odata, 64 * 96 - 64 * 64, blocks),
            "the grid of (2,3,1) blocks of (32,8,1) threads covers 64 columns and 96 rows; odata has 96 columns and "
            "64 rows: x counts columns and y rows, and the grid's x and y look exchanged");
}

// dim3 block(16) for a picture: one row of threads per block, under a grid counted for 16 x 16 blocks.
TEST(UncoveredOutput, ABlockOfOneRowUnderAGridOfSquareBlocks) {
  const ArraySpec out{"out", DType::f32, {62, 76}};  // 62 rows, 76 columns
  EXPECT_EQ(uncovered_output({launch({5, 4, 1}, {16, 1, 1})}, out, 62 * 76 - 4 * 76),
            "the grid of (5,4,1) blocks of (16,1,1) threads covers 80 columns and 4 rows; out has 76 columns and 62 "
            "rows: the blocks have one row of threads, (16,1,1), but gridDim.y, 4, counts blocks of 16 rows: make the "
            "block two-dimensional, dim3 block(16, 16) (a dim3 of one number leaves y at 1)");
  // A picture of one column and three rows: not an exchanged grid either.
  const ArraySpec tall{"out", DType::f32, {3, 1}};
  EXPECT_NE(uncovered_output({launch({1, 1, 1}, {16, 1, 1})}, tall, 2).find("the blocks have one row of threads"),
            std::string::npos);
}

// A transpose's grid over its input is right where each block reads a tile of it: the report names the
// store's bounds test first, and the exchanged grid only for threads that walk the output.
TEST(UncoveredOutput, ATransposesGridOverItsInputNamesTheStoresTest) {
  const KnobBlocks blocks = knob_blocks({{"TILE_DIM", 32}, {"BLOCK_ROWS", 8}});
  const ArraySpec odata{"odata", DType::f32, {64, 96}}, idata{"idata", DType::f32, {96, 64}};
  const std::string cause = uncovered_output({launch({2, 3, 1}, {32, 8, 1})}, odata, 64 * 96 - 64 * 64, blocks, &idata);
  EXPECT_EQ(cause.rfind("the grid of (2,3,1) blocks of (32,8,1) threads covers 64 columns and 96 rows; odata has 96 "
                        "columns and 64 rows, idata 64 columns and 96 rows. A grid over idata is right", 0), 0u) << cause;
  EXPECT_NE(cause.find("the test before each store must keep the stored element inside odata"), std::string::npos);
  EXPECT_NE(cause.find("Where the threads walk odata instead, the grid's x and y are exchanged"), std::string::npos);
}

}  // namespace
}  // namespace kit
