#include "runtime_config.h"

#include <gtest/gtest.h>

namespace kitcpu::detail {
namespace {

TEST(RuntimeConfig, ThreadOrders) {
  EXPECT_EQ(parse_thread_order("forward")->kind, ThreadOrderPolicy::Kind::forward);
  EXPECT_EQ(parse_thread_order("reverse")->kind, ThreadOrderPolicy::Kind::reverse);
  const auto random = parse_thread_order("random:12345");
  ASSERT_TRUE(random);
  EXPECT_EQ(random->kind, ThreadOrderPolicy::Kind::random);
  EXPECT_EQ(random->seed, 12345u);
  EXPECT_FALSE(parse_thread_order("random"));
  EXPECT_FALSE(parse_thread_order("random:"));
  EXPECT_FALSE(parse_thread_order("random:-1"));
  EXPECT_FALSE(parse_thread_order("random:99999999999999999999999"));
  EXPECT_FALSE(parse_thread_order("Forward"));
  EXPECT_FALSE(parse_thread_order(""));
}

TEST(RuntimeConfig, Workers) {
  EXPECT_EQ(*parse_worker_count("1"), 1u);
  EXPECT_EQ(*parse_worker_count("16"), 16u);
  EXPECT_FALSE(parse_worker_count("0"));
  EXPECT_FALSE(parse_worker_count("257"));
  EXPECT_FALSE(parse_worker_count("two"));
  EXPECT_FALSE(parse_worker_count(""));
}

TEST(RuntimeConfig, WatchdogSeconds) {
  EXPECT_DOUBLE_EQ(*parse_watchdog_seconds("20"), 20.0);
  EXPECT_DOUBLE_EQ(*parse_watchdog_seconds("0.5"), 0.5);
  EXPECT_FALSE(parse_watchdog_seconds("0"));
  EXPECT_FALSE(parse_watchdog_seconds("-3"));
  EXPECT_FALSE(parse_watchdog_seconds("inf"));
  EXPECT_FALSE(parse_watchdog_seconds("10s"));
  EXPECT_FALSE(parse_watchdog_seconds(""));
}

TEST(RuntimeConfig, AccessBlocks) {
  EXPECT_EQ(*parse_access_blocks("0"), 0u);
  EXPECT_EQ(*parse_access_blocks("4"), 4u);
  EXPECT_FALSE(parse_access_blocks("-1"));
  EXPECT_FALSE(parse_access_blocks("all"));
  EXPECT_FALSE(parse_access_blocks(""));
}

}  // namespace
}  // namespace kitcpu::detail
