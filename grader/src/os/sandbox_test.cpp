#include "os/sandbox.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <arpa/inet.h>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <netinet/in.h>
#include <poll.h>
#include <sstream>
#include <memory>
#include <string>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include "os/build_config.h"
#include "os/process.h"
#include "os/runner_seccomp.h"
#include "run/turn_test_helpers.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

// Every hostile behaviour the sandbox must contain, one per mode. Each has a bound of its own (a count, a
// size, a lifetime), so that a sandbox that fails to stop it fails the test without taking the machine down.
const char kHostile[] = R"hostile(
#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <new>
#include <sys/file.h>
#include <string>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  const char* arg = argc > 2 ? argv[2] : "";
  const std::size_t chunk = 16 << 20;
  if (mode == "forkbomb") {
    int forked = 0;
    for (; forked < std::atoi(arg); ++forked) {
      const pid_t pid = fork();
      if (pid == 0) { close(1); close(2); pause(); _exit(0); }
      if (pid < 0) { std::printf("fork failed: %s\n", std::strerror(errno)); break; }
    }
    std::printf("forked %d\n", forked);
    return 0;
  }
  if (mode == "mallocbomb") {
    std::size_t mib = 0;
    for (; mib < 2048; mib += 16) {
      void* p = std::malloc(chunk);
      if (!p) break;
      std::memset(p, 1, chunk);
    }
    std::printf("allocated %zu MiB\n", mib);
    return 0;
  }
  if (mode == "newbomb") {
    for (int k = 0; k < 128; ++k) std::memset(new char[chunk], 1, chunk);
    return 3;
  }
  if (mode == "bigfile") {
    FILE* f = std::fopen(arg, "w");
    static char block[65536];
    for (int k = 0; k < 1024 && f; ++k)
      if (std::fwrite(block, 1, sizeof block, f) != sizeof block || std::fflush(f) != 0) return 2;
    return 3;
  }
  if (mode == "spin") {
    for (volatile unsigned long k = 0;; ++k) {}
  }
  if (mode == "print") {
    static char block[65536];
    for (;;) if (write(1, block, sizeof block) < 0) return 2;
  }
  if (mode == "flood") {
    static char block[65536];
    for (int k = 0; k < 16384; ++k) if (write(std::atoi(arg), block, sizeof block) < 0) return 2;
    return 3;
  }
  if (mode == "daemon") {
    const pid_t middle = fork();
    if (middle == 0) {
      setsid();
      for (int fd = 0; fd < 3; ++fd) close(fd);
      if (fork() == 0) {
        // Memory makes its exit slow (the kernel frees it before the descriptors), so a run that returns
        // before the daemon is gone would find the lock still held.
        char* ballast = static_cast<char*>(std::malloc(256 << 20));
        if (ballast) std::memset(ballast, 1, 256 << 20);
        const int lock = open((std::string(arg) + ".lock").c_str(), O_CREAT | O_RDWR, 0644);
        flock(lock, LOCK_EX);
        for (int k = 0; k < 2000; ++k) {  // at most 10 s, should it escape
          if (FILE* f = std::fopen(arg, "a")) { std::fprintf(f, "%d\n", getpid()); std::fclose(f); }
          usleep(5000);
        }
      }
      _exit(0);
    }
    waitpid(middle, nullptr, 0);
    struct stat st;
    for (int k = 0; k < 400 && (stat(arg, &st) != 0 || st.st_size == 0); ++k) usleep(5000);
    if (argc > 3) pause();
    return 0;
  }
  if (mode == "connect") {
    const int s = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(std::atoi(arg));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const bool connected = connect(s, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    std::printf(connected ? "connected\n" : "failed: %s\n", std::strerror(errno));
    return connected ? 0 : 1;
  }
  if (mode == "pkey") {  // mprotect's twin, which the runner's seccomp filter forbids
    std::printf("pkey_alloc: %ld\n", syscall(SYS_pkey_alloc, 0, 0));
    return 0;
  }
  return 100;
}
)hostile";

// Skips, saying why, where no sandbox can be made; everywhere the kit is built with bubblewrap it runs.
#define REQUIRE_SANDBOX()                                                               \
  do {                                                                                  \
    if (!SandboxTest::status().available)                                               \
      GTEST_SKIP() << "no sandbox can be made here: " << SandboxTest::status().problem; \
  } while (0)

class SandboxTest : public ::testing::Test {
 public:
  static const SandboxStatus& status() {
    static const SandboxStatus probed = probe_sandbox();
    return probed;
  }

 protected:
  static void SetUpTestSuite() {
    if (!status().available) return;
    std::string pattern = (fs::temp_directory_path() / "kit-sandbox-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    root_ = new fs::path(pattern);
    // Searchable by others: a root grader's sandbox runs as nobody, which must reach the bound folders.
    fs::permissions(*root_, fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
    for (const char* folder : {"src", "bin", "data"}) fs::create_directory(*root_ / folder);
  }
  static void TearDownTestSuite() {
    if (!root_) return;
    std::error_code ignored;
    fs::remove_all(*root_, ignored);
    delete root_;
    root_ = nullptr;
  }

  static std::string data(const std::string& name) { return (*root_ / "data" / name).string(); }

  // The hostile program, compiled on first use (ctest runs each test in a process of its own, and most do
  // not need it) inside a sandbox with the default limits: the compiler has to work there too. "" or why not.
  static std::string compile_hostile() {
    static const std::string failure = [] {
      std::ofstream(*root_ / "src" / "hostile.cpp") << kHostile;
      ProcessRequest compile;
      compile.argv = {build_config().host_cxx, "-O1", "-o", (*root_ / "bin" / "hostile").string(), "hostile.cpp"};
      compile.working_dir = (*root_ / "src").string();
      compile.sandbox = SandboxSpec{};
      compile.sandbox->binds = {{(*root_ / "src").string(), "", false}, {(*root_ / "bin").string(), "", true}};
      compile.timeout_s = 60;
      const ProcessResult built = run_process(compile);
      return built.ok() ? std::string() : describe_ending(built, 60) + "\n" + built.err;
    }();
    return failure;
  }

  // A sandboxed run of the hostile program in one of its modes.
  static ProcessRequest hostile(std::vector<std::string> args, double timeout_s = 20) {
    ProcessRequest r = sandboxed(timeout_s);
    const std::string failure = compile_hostile();
    EXPECT_EQ(failure, "") << "the hostile program could not be compiled in the sandbox";
    r.argv = {(*root_ / "bin" / "hostile").string()};
    r.argv.insert(r.argv.end(), args.begin(), args.end());
    return r;
  }
  static ProcessRequest sandboxed(double timeout_s) {
    ProcessRequest r;
    r.timeout_s = timeout_s;
    r.sandbox = SandboxSpec{};
    r.sandbox->binds = {{(*root_ / "bin").string(), "", false}, {(*root_ / "data").string(), "", true}};
    return r;
  }
  static ProcessRequest shell(const std::string& script, double timeout_s = 20) {
    ProcessRequest r = sandboxed(timeout_s);
    r.argv = {"/bin/sh", "-c", script};
    return r;
  }

  static fs::path* root_;
};

fs::path* SandboxTest::root_ = nullptr;

bool has_pair(const std::vector<std::string>& argv, const std::string& a, const std::string& b) {
  for (std::size_t k = 0; k + 1 < argv.size(); ++k)
    if (argv[k] == a && argv[k + 1] == b) return true;
  return false;
}

std::uintmax_t size_of(const std::string& path) {
  std::error_code error;
  const std::uintmax_t size = fs::file_size(path, error);
  return error ? 0 : size;
}

// Not sandboxed: the probe must say what is missing instead of failing somewhere later.
TEST(SandboxProbe, SaysWhyWhenBwrapIsMissingOrBroken) {
  const char* saved = std::getenv("KIT_BWRAP");
  const std::string before = saved ? saved : "";
  ::setenv("KIT_BWRAP", "/nonexistent/bwrap", 1);
  SandboxStatus missing = probe_sandbox();
  EXPECT_FALSE(missing.available);
  EXPECT_EQ(missing.problem, "KIT_BWRAP is /nonexistent/bwrap, which is not an executable file");
  ::setenv("KIT_BWRAP", "/bin/false", 1);
  SandboxStatus broken = probe_sandbox();
  EXPECT_FALSE(broken.available);
  EXPECT_EQ(broken.bwrap, "/bin/false");
  EXPECT_FALSE(broken.problem.empty());
  if (saved) {
    ::setenv("KIT_BWRAP", before.c_str(), 1);
  } else {
    ::unsetenv("KIT_BWRAP");
  }
  const std::string message = no_sandbox_message(missing);
  EXPECT_NE(message.find(missing.problem), std::string::npos);
  EXPECT_NE(message.find("--unsandboxed"), std::string::npos);
  EXPECT_NE(message.find("apt-get install bubblewrap"), std::string::npos);
}

TEST_F(SandboxTest, LaunchHandsTheSeccompProgramToBwrapByItsDescriptor) {
  REQUIRE_SANDBOX();
  SandboxSpec spec;
  EXPECT_FALSE(has_pair(sandbox_launch(spec, {"/bin/true"}, {}, "", 9, 12).argv, "--seccomp", "12"));
  spec.seccomp_program = runner_seccomp_program();
  const SandboxLaunch launch = sandbox_launch(spec, {"/bin/true"}, {}, "", 9, 12);
  EXPECT_EQ(launch.error, "");
  EXPECT_TRUE(has_pair(launch.argv, "--seccomp", "12"));
  EXPECT_NE(sandbox_launch(spec, {"/bin/true"}, {}, "", 9).error, "");  // a program with nowhere to read it from
}

TEST_F(SandboxTest, LaunchBindsTheSystemReadOnlyAndOnlyWhatTheCallerGives) {
  REQUIRE_SANDBOX();
  SandboxSpec spec;
  spec.binds = {{"/srv/in", "/w/in", false}, {"/srv/out", "", true}};
  spec.limits.max_processes = 9;
  spec.limits.tmp_bytes = 12345;
  const SandboxLaunch launch = sandbox_launch(spec, {"prog", "arg"}, {{"K", "v"}}, "/w", 7);
  ASSERT_EQ(launch.error, "");
  const std::vector<std::string>& a = launch.argv;
  for (const char* flag :
       {"--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent", "--new-session", "--clearenv"})
    EXPECT_NE(std::find(a.begin(), a.end(), flag), a.end()) << flag;
  EXPECT_TRUE(has_pair(a, "--ro-bind", "/usr"));
  if (launch.switch_user) {  // a root grader's bwrap finds the sources where the grader mounts them
    ASSERT_EQ(launch.staged.size(), 2u);
    EXPECT_EQ(launch.staged[0].host_path, "/srv/in");
    EXPECT_TRUE(has_pair(a, launch.staged[0].staged_path, "/w/in"));
    EXPECT_TRUE(has_pair(a, "--bind", launch.staged[1].staged_path));
    EXPECT_TRUE(has_pair(a, launch.staged[1].staged_path, "/srv/out"));
  } else {
    EXPECT_TRUE(launch.staged.empty());
    EXPECT_TRUE(has_pair(a, "/srv/in", "/w/in"));
    EXPECT_TRUE(has_pair(a, "--bind", "/srv/out"));
  }
  EXPECT_TRUE(has_pair(a, "--size", "12345"));
  EXPECT_TRUE(has_pair(a, "--chdir", "/w"));
  EXPECT_TRUE(has_pair(a, "--json-status-fd", "7"));
  EXPECT_TRUE(has_pair(a, "--nproc=9:9", "--cpu=300:301"));
  EXPECT_EQ(std::vector<std::string>(a.end() - 3, a.end()), (std::vector<std::string>{"--", "prog", "arg"}));
  // Nothing of the kit, the home folders or the rest of the machine unless bound; no GPU unless asked.
  const std::vector<std::string> binds = {"--bind", "--ro-bind", "--dev-bind", "--bind-try", "--ro-bind-try"};
  for (std::size_t k = 0; k + 1 < a.size(); ++k) {
    EXPECT_EQ(a[k].find(build_config().kit_dir), std::string::npos) << a[k];
    if (std::find(binds.begin(), binds.end(), a[k]) == binds.end()) continue;
    for (const char* hidden : {"/", "/home", "/root", "/etc", "/sys", "/dev", "/tmp"}) EXPECT_NE(a[k + 1], hidden);
  }
  EXPECT_TRUE(has_pair(a, "--remount-ro", "/"));
  spec.gpu = true;
  const SandboxLaunch gpu = sandbox_launch(spec, {"prog"}, {}, "", 7);
  EXPECT_TRUE(has_pair(gpu.argv, "--ro-bind", "/sys"));
  EXPECT_TRUE(has_pair(gpu.argv, "--chdir", "/tmp"));
  std::error_code error;
  for (const auto& entry : fs::directory_iterator("/dev", error))
    if (entry.path().filename().string().rfind("nvidia", 0) == 0)
      EXPECT_TRUE(has_pair(gpu.argv, "--dev-bind", entry.path().string())) << entry.path();
}

TEST_F(SandboxTest, ProgramSeesOnlyTheRequestEnvironment) {
  REQUIRE_SANDBOX();
  ::setenv("KIT_GRADER_SECRET", "hunter2", 1);
  ProcessRequest r = shell("env | sort");
  r.env = {{"KIT_GIVEN", "a value with spaces"}};
  const ProcessResult inside = run_process(r);
  // PWD is bwrap's own, set where it changes directory.
  EXPECT_EQ(inside.out, "KIT_GIVEN=a value with spaces\nPATH=/usr/local/bin:/usr/bin:/bin\nPWD=/tmp\n");
  r.sandbox.reset();
  EXPECT_NE(run_process(r).out.find("KIT_GRADER_SECRET=hunter2"), std::string::npos);  // the control
  ::unsetenv("KIT_GRADER_SECRET");
}

TEST_F(SandboxTest, FilesystemHoldsTheSystemReadOnlyAndOnlyTheBinds) {
  REQUIRE_SANDBOX();
  std::string outside = (*root_ / "not-bound").string();
  fs::create_directory(outside);
  const std::string script = "for p in " + build_config().kit_dir + " " + outside + " " + root_->string() +
                             " /root /home /etc/passwd /var; do test -e $p && echo \"visible: $p\"; done; "
                             "touch /usr/kit-probe 2>/dev/null && echo 'usr writable'; "
                             "touch /kit-probe 2>/dev/null && echo 'root writable'; "
                             "touch /dev/kit-probe 2>/dev/null && echo 'dev writable'; "
                             "head -c 2097152 /dev/zero > /dev/shm/big || echo 'shm full'; "
                             "touch /w/bin/x 2>/dev/null && echo 'ro bind writable'; "
                             "touch /w/data/written || echo 'rw bind not writable'; "
                             "ls -A /tmp; echo tmp-listed; head -c 2097152 /dev/zero > /tmp/big || echo 'tmp full'";
  ProcessRequest r = shell(script);
  r.sandbox->binds = {{(*root_ / "bin").string(), "/w/bin", false}, {(*root_ / "data").string(), "/w/data", true}};
  r.sandbox->limits.tmp_bytes = 1 << 20;
  const ProcessResult result = run_process(r);
  EXPECT_EQ(result.out, "shm full\ntmp-listed\ntmp full\n") << result.err;
  EXPECT_TRUE(fs::exists(data("written")));
}

// A run of student code gets the system view without the CUDA toolkit's libraries.
TEST_F(SandboxTest, HiddenFoldersAreEmptyInside) {
  REQUIRE_SANDBOX();
  ProcessRequest r = shell("ls -A /usr/share | wc -l; test -x /bin/sh && echo 'sh still there'");
  r.sandbox->hidden = {"/usr/share"};
  const ProcessResult hidden = run_process(r);
  EXPECT_EQ(hidden.out, "0\nsh still there\n") << hidden.err;
  r.sandbox->hidden.clear();
  EXPECT_NE(run_process(r).out.rfind("0\n", 0), 0u);  // the control: /usr/share has files
}

TEST_F(SandboxTest, ProgramRunsUnprivileged) {
  REQUIRE_SANDBOX();
  const ProcessResult result = run_process(shell("id -u; grep CapEff /proc/self/status"));
  const unsigned expected = ::geteuid() == 0 ? 65534 : ::getuid();
  EXPECT_EQ(result.out, std::to_string(expected) + "\nCapEff:\t0000000000000000\n") << result.err;
}

TEST_F(SandboxTest, ChannelDescriptorSurvivesAndNoOtherLeaksIn) {
  REQUIRE_SANDBOX();
  const int leaked = ::open("/dev/null", O_RDONLY);  // no close-on-exec: a plain exec would pass it on
  ASSERT_GE(leaked, 0);
  for (int fd : {3, 5, 9}) {
    ProcessRequest r =
        shell("printf 'rec\\000ord' >&" + std::to_string(fd) + "; ls /proc/self/fd | sort -n | tr '\\n' ' '");
    r.channel_fd = fd;
    const ProcessResult result = run_process(r);
    EXPECT_TRUE(result.ok()) << describe_ending(result, 20) << result.err;
    EXPECT_EQ(result.channel, std::string("rec\0ord", 7)) << fd;
    // ls's own directory descriptor shows as the lowest free one, 3 (or 4 when the channel is 3).
    const std::string own = fd == 3 ? "4" : "3";
    std::vector<std::string> expected = {"0", "1", "2", own, std::to_string(fd)};
    std::sort(expected.begin(), expected.end(),
              [](const std::string& x, const std::string& y) { return std::stoi(x) < std::stoi(y); });
    std::string listing;
    for (const auto& e : expected) listing += e + " ";
    EXPECT_EQ(result.out, listing) << "leaked descriptor " << leaked;
  }
  ::close(leaked);
}

// Gradings may run side by side in threads. A pipe of one that is open, close-on-exec, while another
// starts its sandbox must not be held open by that sandbox's supervisor (which never execs): the first
// would then wait for the second to end before seeing its own pipe close.
// A runner inside the sandbox still gets the arena's memory and the grader's control pipe.
TEST_F(SandboxTest, PassedDescriptorsAndTheConversationReachInside) {
  REQUIRE_SANDBOX();
  const std::string path = (*root_ / "passed").string();
  std::ofstream(path) << "arena";
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  ProcessRequest r = shell("cat <&4 >&3; read a <&6; printf \" $a\" >&3");
  r.channel_fd = 3;
  r.pass_fds = {{fd, 4}};
  r.control_fd = 6;
  r.converse = [](const std::string& channel) { return channel == "arena" ? std::string("answered\n") : std::string(); };
  const ProcessResult result = run_process(r);
  EXPECT_EQ(result.channel, "arena answered") << result.err;
  ::close(fd);
}

TEST_F(SandboxTest, ARunHoldsNoOtherRunsPipes) {
  REQUIRE_SANDBOX();
  int other[2];
  ASSERT_EQ(::pipe2(other, O_CLOEXEC), 0);
  std::thread slow([] { run_process(shell("sleep 2", 10)); });
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the slow run's sandbox is up
  ::close(other[1]);
  pollfd p = {other[0], POLLIN, 0};
  EXPECT_EQ(::poll(&p, 1, 1000), 1);
  EXPECT_TRUE(p.revents & POLLHUP) << "the pipe stayed open: a copy of it lives in the other run";
  ::close(other[0]);
  slow.join();
}

TEST_F(SandboxTest, ExitCodesSignalsAndStartErrorsReadAsWithoutASandbox) {
  REQUIRE_SANDBOX();
  EXPECT_EQ(run_process(shell("exit 3")).exit_code, 3);
  const ProcessResult crashed = run_process(shell("kill -SEGV $$"));
  EXPECT_EQ(crashed.signal, SIGSEGV);
  EXPECT_EQ(crashed.exit_code, -1);
  EXPECT_EQ(describe_ending(crashed, 20), "crashed: killed by signal 11 (Segmentation fault)");

  ProcessRequest missing = sandboxed(20);
  missing.argv = {"/nonexistent/program"};
  EXPECT_EQ(run_process(missing).start_error, "cannot start /nonexistent/program: No such file or directory");

  ProcessRequest unbound = shell("true");
  unbound.sandbox->binds.push_back({"/nonexistent/folder", "", false});
  const ProcessResult no_source = run_process(unbound);
  // bwrap's own words, or a root grader's, which opens the sources itself (os/sandbox_binds.h).
  EXPECT_EQ(no_source.start_error.rfind("cannot start the sandbox: ", 0), 0u) << no_source.start_error;
  EXPECT_NE(no_source.start_error.find("/nonexistent/folder"), std::string::npos) << no_source.start_error;
  EXPECT_TRUE(no_source.sandbox_failed);
}

TEST_F(SandboxTest, ForkBombIsContained) {
  REQUIRE_SANDBOX();
  ProcessRequest r = hostile({"forkbomb", "300"});
  r.sandbox->limits.max_processes = 16;
  const auto start = std::chrono::steady_clock::now();
  const ProcessResult result = run_process(r);
  ASSERT_TRUE(result.ok()) << describe_ending(result, 20) << result.err;
  int forked = -1;
  ASSERT_EQ(std::sscanf(result.out.c_str() + result.out.rfind("forked"), "forked %d", &forked), 1) << result.out;
  EXPECT_LT(forked, 16) << result.out;
  EXPECT_NE(result.out.find("fork failed: Resource temporarily unavailable"), std::string::npos);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 5);
  // The control: without the sandbox, the same program forks far more (its children end with its group).
  r.sandbox.reset();
  r.argv[2] = "40";
  EXPECT_NE(run_process(r).out.find("forked 40"), std::string::npos);
}

TEST_F(SandboxTest, MallocBombIsStoppedAndReported) {
  REQUIRE_SANDBOX();
  ProcessRequest r = hostile({"mallocbomb"});
  r.sandbox->limits.max_memory_bytes = 256 << 20;
  const ProcessResult checked = run_process(r);
  unsigned mib = 0;
  ASSERT_EQ(std::sscanf(checked.out.c_str(), "allocated %u MiB", &mib), 1) << checked.out << checked.err;
  EXPECT_LT(mib, 256u);
  EXPECT_GT(mib, 128u);  // the limit, not something else, stopped it

  r.argv[1] = "newbomb";
  const ProcessResult thrown = run_process(r);
  EXPECT_EQ(thrown.signal, SIGABRT) << thrown.err;  // std::bad_alloc, uncaught
  EXPECT_EQ(thrown.limit_reached, "ran out of memory: the sandbox allows 256 MiB per process");
  EXPECT_EQ(describe_ending(thrown, 20), thrown.limit_reached);
  EXPECT_LT(thrown.peak_memory_bytes, 300u << 20);
}

TEST_F(SandboxTest, HugeFileIsStoppedAndReported) {
  REQUIRE_SANDBOX();
  ProcessRequest r = hostile({"bigfile", data("big")});
  r.sandbox->limits.max_file_bytes = 1 << 20;
  const ProcessResult result = run_process(r);
  EXPECT_EQ(result.signal, SIGXFSZ) << describe_ending(result, 20);
  EXPECT_EQ(result.limit_reached, "tried to write a file larger than 1 MiB, the sandbox's limit");
  EXPECT_LE(size_of(data("big")), 1u << 20);
  EXPECT_GT(size_of(data("big")), 0u);
}

TEST_F(SandboxTest, SpinningCpuIsStoppedAndReported) {
  REQUIRE_SANDBOX();
  ProcessRequest r = hostile({"spin"});
  r.sandbox->limits.max_cpu_seconds = 1;
  const ProcessResult result = run_process(r);
  EXPECT_FALSE(result.timed_out);
  EXPECT_LT(result.seconds, 10);  // 1 s of CPU: more than that in wall time only on a busy machine
  EXPECT_EQ(describe_ending(result, 20), "used more than 1 s of CPU time, the sandbox's limit");
}

TEST_F(SandboxTest, EndlessPrintingIsCutAndEndsAtTheTimeout) {
  REQUIRE_SANDBOX();
  ProcessRequest r = hostile({"print"}, 1);
  r.max_output_bytes = 1000;
  const ProcessResult result = run_process(r);
  EXPECT_TRUE(result.timed_out);
  EXPECT_TRUE(result.output_truncated);
  EXPECT_EQ(result.out.size(), 1000u);
  EXPECT_LT(result.seconds, 3);
}

TEST_F(SandboxTest, ChannelFloodIsKilledAndReported) {
  REQUIRE_SANDBOX();
  ProcessRequest r = hostile({"flood", "3"});
  r.channel_fd = 3;
  r.max_channel_bytes = 1 << 20;
  const ProcessResult result = run_process(r);
  EXPECT_TRUE(result.channel_flooded);
  EXPECT_EQ(result.channel.size(), 1u << 20);
  EXPECT_FALSE(result.timed_out);
  EXPECT_FALSE(result.ok());
  EXPECT_EQ(describe_ending(result, 20), "flooded the result channel (more than 1 MiB)");
}

// True when nothing holds the lock on `path`: the daemon that took it has ended.
bool lock_is_free(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  const bool free = fd >= 0 && ::flock(fd, LOCK_EX | LOCK_NB) == 0;
  if (fd >= 0) ::close(fd);
  return free;
}

// A daemon (forked twice, in a session of its own) holds a lock and keeps appending to a file: once
// run_process has returned, the lock must be free and the file must stop growing, whether the program
// exited or timed out.
TEST_F(SandboxTest, NothingOutlivesTheRun) {
  REQUIRE_SANDBOX();
  for (bool hang : {false, true}) {
    const std::string file = data(hang ? "daemon-hang" : "daemon-exit");
    std::vector<std::string> args = {"daemon", file};
    if (hang) args.push_back("hang");
    const ProcessResult result = run_process(hostile(args, 1));
    const bool free = lock_is_free(file + ".lock");
    EXPECT_TRUE(free) << "the daemon was still there when the " << (hang ? "timed-out" : "finished") << " run returned";
    EXPECT_EQ(result.timed_out, hang);
    const std::uintmax_t size = size_of(file);
    EXPECT_GT(size, 0u) << "the daemon never wrote";
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_EQ(size_of(file), size) << "a daemon outlived the " << (hang ? "timed-out" : "finished") << " run";
  }
  // The control: without the sandbox the daemon escapes its process group, keeps its lock and keeps
  // writing (it gives up by itself within 10 s; the test ends it now).
  ProcessRequest r = hostile({"daemon", data("daemon-escaped")});
  r.sandbox.reset();
  run_process(r);
  EXPECT_FALSE(lock_is_free(data("daemon-escaped") + ".lock"));
  const std::uintmax_t size = size_of(data("daemon-escaped"));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_GT(size_of(data("daemon-escaped")), size);
  std::ifstream lines(data("daemon-escaped"));
  long pid = 0;
  lines >> pid;
  if (pid > 1) ::kill(static_cast<pid_t>(pid), SIGKILL);
}

// A runner kept between tests (run_turn) is one run too: when it is let go, nothing it started is left.
TEST_F(SandboxTest, NothingOutlivesAKeptChild) {
  REQUIRE_SANDBOX();
  const std::string lock = data("kept-lock");
  ProcessRequest r = shell("flock " + lock + " sleep 600 & sleep 0.2; printf R >&3; read line <&5; sleep 600");
  r.channel_fd = 3;
  r.control_fd = 5;
  end_turn_when(r, [](const std::string& channel) { return !channel.empty(); });
  KeptChild child;
  const ProcessResult turn = run_turn(r, &child);
  ASSERT_TRUE(turn.kept) << turn.err;
  EXPECT_FALSE(lock_is_free(lock)) << "the background process never took its lock";
  child.reset();
  EXPECT_TRUE(lock_is_free(lock)) << "a process of the kept child was still there when it was let go";
}

TEST_F(SandboxTest, NetworkIsUnreachable) {
  REQUIRE_SANDBOX();
  const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ASSERT_EQ(::bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  ASSERT_EQ(::listen(listener, 4), 0);
  socklen_t length = sizeof address;
  ::getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length);
  const std::string port = std::to_string(ntohs(address.sin_port));

  ProcessRequest r = hostile({"connect", port});
  const ProcessResult inside = run_process(r);
  EXPECT_EQ(inside.out, "failed: Connection refused\n");
  const ProcessResult interfaces = run_process(shell("tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '"));
  EXPECT_EQ(interfaces.out, "lo\n");
  r.sandbox.reset();
  EXPECT_EQ(run_process(r).out, "connected\n");  // the control
  ::close(listener);
}

// The runner's filter, handed to bwrap through a descriptor of its own: loaded before the program starts,
// it ends the program on a forbidden call, and the grader says so; without it the call goes through.
TEST_F(SandboxTest, SeccompProgramHoldsFromTheStartAndItsEndIsNamed) {
  REQUIRE_SANDBOX();
  ProcessRequest status = shell("grep Seccomp: /proc/self/status");
  status.sandbox->seccomp_program = runner_seccomp_program();
  status.channel_fd = 3;  // the program's descriptor must not take the channel's number
  const ProcessResult filtered = run_process(status);
  EXPECT_TRUE(filtered.ok()) << describe_ending(filtered, 20) << filtered.err;
  EXPECT_EQ(filtered.out, "Seccomp:\t2\n");

  ProcessRequest pkey = hostile({"pkey"});
  pkey.sandbox->seccomp_program = runner_seccomp_program();
  const ProcessResult ended = run_process(pkey);
  EXPECT_EQ(ended.signal, SIGSYS) << ended.out << ended.err;
  EXPECT_EQ(ended.limit_reached, forbidden_system_call_text());
  EXPECT_EQ(describe_ending(ended, 20), forbidden_system_call_text());
  pkey.sandbox->seccomp_program.clear();
  const ProcessResult allowed = run_process(pkey);
  EXPECT_TRUE(allowed.ok()) << describe_ending(allowed, 20);
  EXPECT_EQ(allowed.out.rfind("pkey_alloc: ", 0), 0u);
}

TEST_F(SandboxTest, CompilersRunInsideWithTheDefaultLimits) {
  REQUIRE_SANDBOX();
  EXPECT_EQ(compile_hostile(), "");  // g++, compiling and linking a program
  const std::string nvcc = build_config().nvcc;
  if (nvcc.empty()) GTEST_SKIP() << "the kit was built without nvcc: only g++ was tried";
  std::ofstream(data("kernel.cu")) << "__global__ void k(float* x) { x[threadIdx.x] = 1; }\n";
  ProcessRequest r = sandboxed(60);
  r.argv = {nvcc, "-c", "-arch=sm_90", "-o", data("kernel.o"), data("kernel.cu")};
  for (const SandboxBind& bind : program_binds(nvcc)) r.sandbox->binds.push_back(bind);
  const ProcessResult result = run_process(r);
  EXPECT_TRUE(result.ok()) << describe_ending(result, 60) << "\n" << result.out << result.err;
  EXPECT_GT(size_of(data("kernel.o")), 0u);
}

// RLIMIT_DATA counts the terabytes of shadow memory a sanitizer reserves: the CPU backend's ASan and TSan
// runners must run with max_memory_bytes = 0, and this is what happens otherwise.
TEST_F(SandboxTest, SanitizerBuildsNeedNoDataLimit) {
  REQUIRE_SANDBOX();
  std::ofstream(data("san.cpp")) << "#include <cstdio>\nint main() { int* p = new int[4]; p[0] = 7; "
                                    "std::printf(\"%d\\n\", p[0]); delete[] p; }\n";
  ProcessRequest compile = sandboxed(60);
  compile.argv = {build_config().host_cxx, "-fsanitize=address", "-o", data("san"), data("san.cpp")};
  const ProcessResult built = run_process(compile);
  ASSERT_TRUE(built.ok()) << describe_ending(built, 60) << "\n" << built.err;
  ProcessRequest run = sandboxed(20);
  run.argv = {data("san")};
  const ProcessResult limited = run_process(run);
  EXPECT_FALSE(limited.ok());
  EXPECT_NE(limited.err.find("AddressSanitizer"), std::string::npos) << limited.err;
  run.sandbox->limits.max_memory_bytes = 0;
  const ProcessResult unlimited = run_process(run);
  EXPECT_EQ(unlimited.out, "7\n") << describe_ending(unlimited, 20) << "\n" << unlimited.err;
}

// On a GPU host: a CUDA program, compiled by nvcc in a sandbox, runs in a sandbox that asks for the GPU,
// with the default limits (RLIMIT_DATA among them; RLIMIT_AS would break cuInit), and finds no device in
// one that does not ask.
TEST_F(SandboxTest, GpuIsReachableOnlyWhenAsked) {
  REQUIRE_SANDBOX();
  const std::string nvcc = build_config().nvcc;
  if (nvcc.empty()) GTEST_SKIP() << "the kit was built without nvcc";
  if (!fs::exists("/dev/nvidiactl")) GTEST_SKIP() << "no NVIDIA GPU here (/dev/nvidiactl is missing)";
  std::ofstream(data("gpu.cu")) << R"cuda(
#include <cstdio>
#include <vector>
__global__ void fill(float* x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 2.0f * i;
}
int main() {
  const int n = 1 << 20;
  float* d = nullptr;
  const cudaError_t error = cudaMalloc(&d, n * sizeof(float));
  if (error != cudaSuccess) { std::printf("no device: %s\n", cudaGetErrorString(error)); return 1; }
  fill<<<(n + 255) / 256, 256>>>(d, n);
  std::vector<float> h(n);
  cudaMemcpy(h.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) if (h[i] != 2.0f * i) { std::printf("wrong at %d\n", i); return 2; }
  std::printf("ok\n");
  return 0;
}
)cuda";
  ProcessRequest compile = sandboxed(120);
  compile.sandbox->gpu = true;  // -arch=native asks the GPU what it is
  compile.argv = {nvcc, "-arch=native", "-o", data("gpu"), data("gpu.cu")};
  for (const SandboxBind& bind : program_binds(nvcc)) compile.sandbox->binds.push_back(bind);
  const ProcessResult built = run_process(compile);
  ASSERT_TRUE(built.ok()) << describe_ending(built, 120) << "\n" << built.out << built.err;

  ProcessRequest run = sandboxed(60);
  run.argv = {data("gpu")};
  run.sandbox->gpu = true;
  const ProcessResult with_gpu = run_process(run);
  EXPECT_EQ(with_gpu.out, "ok\n") << describe_ending(with_gpu, 60) << "\n" << with_gpu.err;
  run.sandbox->gpu = false;
  const ProcessResult without = run_process(run);
  EXPECT_EQ(without.exit_code, 1);
  EXPECT_EQ(without.out.rfind("no device: ", 0), 0u) << without.out << without.err;
}

// A toolkit outside the system folders, reached through a link, as /opt/cuda -> /opt/cuda-13.0 would be.
TEST_F(SandboxTest, ProgramOutsideTheSystemFoldersIsBoundWithItsToolkit) {
  REQUIRE_SANDBOX();
  const fs::path toolkit = *root_ / "opt" / "tk-1.0";
  fs::create_directories(toolkit / "bin");
  fs::create_directories(toolkit / "lib");
  fs::copy_file("/bin/sh", toolkit / "bin" / "tool");
  std::ofstream(toolkit / "lib" / "data.txt") << "toolkit data\n";
  fs::create_directory_symlink(toolkit, *root_ / "opt" / "tk");
  fs::permissions(*root_ / "opt", fs::perms::owner_all | fs::perms::others_exec);
  const std::string program = (*root_ / "opt" / "tk" / "bin" / "tool").string();
  const std::vector<SandboxBind> binds = program_binds(program);
  ASSERT_EQ(binds.size(), 2u);
  EXPECT_EQ(binds[0].host_path, toolkit.string());
  EXPECT_EQ(binds[1].sandbox_path, (*root_ / "opt" / "tk").string());
  EXPECT_TRUE(program_binds("/usr/bin/g++").empty());

  ProcessRequest r = sandboxed(20);
  r.argv = {program, "-c", "cat " + (*root_ / "opt" / "tk" / "lib" / "data.txt").string()};
  r.sandbox->binds.insert(r.sandbox->binds.end(), binds.begin(), binds.end());
  EXPECT_EQ(run_process(r).out, "toolkit data\n");
}

TEST_F(SandboxTest, RootGraderHandsWritableFoldersToTheSandboxUser) {
  REQUIRE_SANDBOX();
  if (::geteuid() != 0) GTEST_SKIP() << "the grader is not root: the sandbox runs as the grader's own user";
  const fs::path folder = *root_ / "handed";
  fs::create_directory(folder);
  ProcessRequest r = shell("touch " + (folder / "made").string());
  r.sandbox->binds.push_back({folder.string(), "", true});
  EXPECT_TRUE(run_process(r).ok());
  struct stat st;
  ASSERT_EQ(::stat((folder / "made").c_str(), &st), 0);
  EXPECT_EQ(st.st_uid, 65534u);
  // A folder inside one the sandbox user cannot pass (0700, as /root is) is bound all the same: the
  // grader mounts it for bwrap (os/sandbox_binds.h).
  const fs::path closed = *root_ / "closed";
  fs::create_directories(closed / "inner");
  std::ofstream(closed / "inner" / "file.txt") << "inside\n";
  fs::permissions(closed, fs::perms::owner_all);
  ProcessRequest behind = shell("cat " + (closed / "inner" / "file.txt").string());
  behind.sandbox->binds.push_back({(closed / "inner").string(), "", false});
  const ProcessResult read = run_process(behind);
  EXPECT_EQ(read.start_error, "");
  EXPECT_EQ(read.out, "inside\n");
}

}  // namespace
}  // namespace kit
