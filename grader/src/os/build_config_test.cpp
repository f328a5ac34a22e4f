// An installed kit finds its pieces relative to its own prefix (os/build_config.h), wherever it was moved.
#include "os/build_config.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

namespace kit {
namespace {

namespace fs = std::filesystem;

struct Prefix {
  fs::path root = fs::path(::testing::TempDir()) / ("build_config_" + std::to_string(::getpid()));
  Prefix() { fs::remove_all(root); }
  ~Prefix() { fs::remove_all(root); }
};

TEST(BuildConfig, AGraderBesideAnInstalledKitFindsItsPrefix) {
  Prefix p;
  fs::create_directories(p.root / "moved" / install_layout().kit_dir / "assignments");
  EXPECT_EQ(installed_prefix((p.root / "moved/bin/grader").string()), (p.root / "moved").string());
}

TEST(BuildConfig, AGraderInABuildTreeIsNotInstalled) {
  Prefix p;
  fs::create_directories(p.root / "build/bin");
  EXPECT_FALSE(installed_prefix((p.root / "build/bin/grader").string()));
  // bin/ alone is not enough: the prefix must hold the kit's assignments.
  fs::create_directories(p.root / "build" / install_layout().kit_dir);
  EXPECT_FALSE(installed_prefix((p.root / "build/bin/grader").string()));
}

TEST(BuildConfig, EveryInstalledPathLiesUnderThePrefix) {
  const BuildConfig c = installed_config("/opt/moved-kit");
  auto under = [](const std::string& path) { return path.rfind("/opt/moved-kit/", 0) == 0; };
  EXPECT_TRUE(under(c.kit_dir)) << c.kit_dir;
  EXPECT_TRUE(under(c.common_library)) << c.common_library;
  for (const std::string& dir : c.cpu_include_dirs) EXPECT_TRUE(under(dir)) << dir;
  for (const auto& [name, flavour] : c.cpu_flavours) {
    EXPECT_TRUE(under(flavour.runtime_library)) << name << ": " << flavour.runtime_library;
    EXPECT_TRUE(under(flavour.runner_library)) << name << ": " << flavour.runner_library;
  }
  for (const std::string* helper : {&c.gpu_probe, &c.cuda_runner_library, &c.device_memory_helper})
    if (!helper->empty()) EXPECT_TRUE(under(*helper)) << *helper;
  EXPECT_EQ(c.kit_dir.find(build_tree_config().kit_dir), std::string::npos);
}

}  // namespace
}  // namespace kit
