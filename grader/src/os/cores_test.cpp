#include "os/cores.h"

#include <gtest/gtest.h>
#include <sched.h>

namespace kit {
namespace {

TEST(Cores, TheAffinityNotTheMachineSaysHowMany) {
  cpu_set_t all;
  ASSERT_EQ(::sched_getaffinity(0, sizeof all, &all), 0);
  EXPECT_EQ(usable_cores(), CPU_COUNT(&all));
  // Narrowed to one core, as a Slurm task of one CPU is.
  cpu_set_t one;
  CPU_ZERO(&one);
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &all)) {
      CPU_SET(c, &one);
      break;
    }
  ASSERT_EQ(::sched_setaffinity(0, sizeof one, &one), 0);
  EXPECT_EQ(usable_cores(), 1);
  ASSERT_EQ(::sched_setaffinity(0, sizeof all, &all), 0);
}

}  // namespace
}  // namespace kit
