#include <kitcpu/access_report.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

namespace kitcpu {
namespace {

AccessRecord naive_transpose_store() {
  AccessRecord r;
  r.kernel = "transpose_naive";
  r.file = "transpose.cu";
  r.line = 3;
  r.column = 32;
  r.space = "global";
  r.kind = "store";
  r.size = 4;
  r.blocks = 4;
  r.requests = 128;
  r.threads = 4096;
  r.sectors = 4096;
  r.example.block = "(1,0,0)";
  r.example.warp = 2;
  for (int lane = 0; lane < 32; ++lane) r.example.offsets.emplace_back(lane * 256);
  r.example.offsets[5].reset();
  r.example.stride = 256;
  r.example.sectors = 31;
  return r;
}

AccessRecord shared_column_load(long long conflicts_per_request) {
  AccessRecord r;
  r.kernel = "transpose_shared";
  r.file = "transpose.cu";
  r.line = 2;
  r.column = 46;
  r.space = "shared";
  r.kind = "load";
  r.size = 4;
  r.requests = 10;
  r.threads = 320;
  r.wavefronts = 10 * (conflicts_per_request + 1);
  r.bank_conflicts = 10 * conflicts_per_request;
  r.example.offsets.assign(32, std::int64_t{0});
  r.example.stride = conflicts_per_request > 0 ? 128 : 132;
  return r;
}

const std::string kSource =
    "__global__ void k(float* odata, const float* idata, int width, int x, int y) {\n"
    "  float v = tile[threadIdx.x][threadIdx.y + j];\n"
    "    odata[x * width + (y + j)] = idata[(y + j) * width + x];\n";

TEST(AccessReport, JsonLinesRoundTrip) {
  const std::string path = testing::TempDir() + "access_report_test.jsonl";
  {
    std::ofstream out(path);
    out << access_record_to_json_line(naive_transpose_store()) << "\n"
        << "not json, as a process killed mid-write could leave\n"
        << access_record_to_json_line(shared_column_load(31)) << "\n";
  }
  const std::vector<AccessRecord> records = read_access_file(path);
  std::remove(path.c_str());
  ASSERT_EQ(records.size(), 2u);
  const AccessRecord& g = records[0];
  EXPECT_EQ(g.kernel, "transpose_naive");
  EXPECT_EQ(g.file, "transpose.cu");
  EXPECT_EQ(g.line, 3);
  EXPECT_EQ(g.column, 32);
  EXPECT_EQ(g.space, "global");
  EXPECT_EQ(g.kind, "store");
  EXPECT_EQ(g.size, 4);
  EXPECT_EQ(g.blocks, 4);
  EXPECT_EQ(g.requests, 128);
  EXPECT_EQ(g.threads, 4096);
  EXPECT_EQ(g.sectors, 4096);
  EXPECT_EQ(g.example.block, "(1,0,0)");
  EXPECT_EQ(g.example.warp, 2);
  ASSERT_EQ(g.example.offsets.size(), 32u);
  EXPECT_EQ(*g.example.offsets[31], 31 * 256);
  EXPECT_FALSE(g.example.offsets[5]);
  EXPECT_EQ(g.example.stride, 256);
  EXPECT_EQ(g.example.sectors, 31);
  const AccessRecord& s = records[1];
  EXPECT_EQ(s.space, "shared");
  EXPECT_EQ(s.wavefronts, 320);
  EXPECT_EQ(s.bank_conflicts, 310);
  EXPECT_EQ(s.sectors, 0);
  EXPECT_TRUE(read_access_file(path).empty());
}

TEST(AccessReport, Averages) {
  const AccessRecord r = naive_transpose_store();
  EXPECT_DOUBLE_EQ(sectors_per_request(r), 32.0);
  EXPECT_DOUBLE_EQ(ideal_sectors_per_request(r), 4.0);
  EXPECT_TRUE(access_is_wasteful(r));
  EXPECT_DOUBLE_EQ(bank_conflicts_per_request(shared_column_load(31)), 31.0);
  EXPECT_DOUBLE_EQ(wavefronts_per_request(shared_column_load(31)), 32.0);
  EXPECT_FALSE(access_is_wasteful(shared_column_load(0)));
  EXPECT_DOUBLE_EQ(sectors_per_request(AccessRecord{}), 0.0);
}

TEST(AccessReport, NamesTheArrayAtTheColumn) {
  const std::string line = "    odata[x * width + (y + j)] = idata[(y + j) * width + x];";
  EXPECT_EQ(accessed_name(line, 32), "odata");  // the store, at its `=`
  EXPECT_EQ(accessed_name(line, 59), "idata");  // the load, at its `]`
  EXPECT_EQ(accessed_name("  float v = tile[threadIdx.x][threadIdx.y + j];", 46), "tile");
  EXPECT_EQ(accessed_name("  Pvalue += Mds[ty][k] * Nds[k][tx];", 22), "Mds");
  EXPECT_EQ(accessed_name("  Pvalue += Mds[ty][k] * Nds[k][tx];", 35), "Nds");
  EXPECT_EQ(accessed_name("  sum[i] += v;", 10), "sum");
  EXPECT_EQ(accessed_name("  *out = v;", 8), "out");
  EXPECT_EQ(accessed_name("  out[i] = v;", 0), "");
  EXPECT_EQ(accessed_name("  out[i] = v;", 400), "");
  EXPECT_EQ(accessed_name("  x = (a + b)];", 14), "");
  EXPECT_EQ(accessed_name("]", 1), "");
}

TEST(AccessReport, UncoalescedStore) {
  EXPECT_EQ(format_access_record(naive_transpose_store(), kSource),
            "stores at transpose.cu:3 (odata): 32 sectors per request, 4 is ideal: consecutive threads of a warp "
            "write 256 bytes apart, each in a 32-byte sector of its own (down a column of a row-major array, not "
            "along a row); make consecutive threadIdx.x write consecutive elements (index the last, "
            "fastest-varying dimension with threadIdx.x, or stage the data through shared memory)");
  // Without the source, the array is not named.
  EXPECT_EQ(format_access_record(naive_transpose_store()).rfind("stores at transpose.cu:3: 32 sectors", 0), 0u);
}

TEST(AccessReport, CoalescedAndSharedLoads) {
  AccessRecord r = naive_transpose_store();
  r.kind = "load";
  r.sectors = 512;
  EXPECT_EQ(format_access_record(r), "loads at transpose.cu:3: 4 sectors per request, the ideal: coalesced");
  r.sectors = 256;  // lanes share elements: 2 sectors
  EXPECT_EQ(format_access_record(r),
            "loads at transpose.cu:3: 2 sectors per request, 4 is ideal for threads reading different elements: "
            "threads of a warp share elements, which costs less still");
  r.sectors = 8 * 128 + 64;  // 8.5 per request, spread over part of each sector
  r.example.stride = 8;
  EXPECT_EQ(format_access_record(r).rfind("loads at transpose.cu:3: 8.5 sectors per request, 4 is ideal: consecutive "
                                          "threads of a warp read 8 bytes apart, so part of every 32-byte sector",
                                          0),
            0u);
}

TEST(AccessReport, BankConflicts) {
  EXPECT_EQ(format_access_record(shared_column_load(31), kSource),
            "loads from shared memory at transpose.cu:2 (tile): 32-way bank conflicts, 31 extra wavefronts per "
            "request: consecutive threads of a warp are 128 bytes (32 words) apart and the 32 banks repeat every "
            "128 bytes, so they all use one bank; pad each row of the array by one element (e.g. [32][33] instead "
            "of [32][32]) so that the distance is an odd number of words");
  EXPECT_EQ(format_access_record(shared_column_load(0), kSource),
            "loads from shared memory at transpose.cu:2 (tile): no bank conflicts (the threads of a warp read one "
            "word: a broadcast)");
  AccessRecord two_way = shared_column_load(1);
  two_way.example.stride = 8;
  two_way.kind = "store";
  EXPECT_EQ(format_access_record(two_way).rfind("stores to shared memory at transpose.cu:2: 2-way bank conflicts, 1 extra "
                                                "wavefront per request: consecutive threads of a warp are 8 bytes (2 "
                                                "words) apart",
                                                0),
            0u);
  EXPECT_NE(format_access_record(two_way).find("every 16th thread uses the same bank"), std::string::npos);
}

}  // namespace
}  // namespace kitcpu
