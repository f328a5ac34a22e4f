#include "os/sandbox.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

// What every sandbox sees, read-only: the system's programs and libraries. Anything else is bound by the
// caller, so the kit tree, solutions, datasets and other gradings are absent unless a step needs them.
const char* const kSystemFolders[] = {"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"};
const char* const kSystemFiles[] = {"/etc/ld.so.cache", "/etc/alternatives"};  // the loader; cc, c++ links
const char* const kPrlimit[] = {"/usr/bin/prlimit", "/bin/prlimit"};
constexpr char kDefaultPath[] = "/usr/local/bin:/usr/bin:/bin";

bool is_under(const fs::path& path, const fs::path& folder) {
  auto p = path.begin();
  for (auto f = folder.begin(); f != folder.end(); ++f, ++p)
    if (p == path.end() || *p != *f) return false;
  return true;
}

bool in_system_folders(const fs::path& path) {
  for (const char* folder : kSystemFolders)
    if (is_under(path, folder)) return true;
  return false;
}

bool is_executable_file(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

// A toolkit's root: /opt/cuda-13.0 for /opt/cuda-13.0/bin/nvcc; the program's folder when it is no bin/.
fs::path toolkit_root(const fs::path& program) {
  const fs::path folder = program.parent_path();
  return folder.filename() == "bin" ? folder.parent_path() : folder;
}

void add(std::vector<std::string>& argv, std::initializer_list<std::string> words) { argv.insert(argv.end(), words); }

// The loader cache names every library it knows by full path, as plain strings: the driver's libcuda is
// found there wherever the distribution or the installer put it.
std::vector<std::string> cached_library_paths(const std::string& library) {
  std::ifstream in("/etc/ld.so.cache", std::ios::binary);
  std::string cache((std::istreambuf_iterator<char>(in)), {});
  std::vector<std::string> paths;
  const std::string suffix = "/" + library;
  for (std::size_t start = 0, end; start < cache.size(); start = end + 1) {
    end = cache.find('\0', start);
    if (end == std::string::npos) end = cache.size();
    const std::string_view entry(cache.data() + start, end - start);
    if (entry.size() > suffix.size() && entry[0] == '/' && entry.substr(entry.size() - suffix.size()) == suffix)
      paths.emplace_back(entry);
  }
  return paths;
}

void add_system(std::vector<std::string>& argv) {
  for (const char* folder : kSystemFolders) {
    std::error_code error;
    const fs::file_status status = fs::symlink_status(folder, error);
    if (fs::is_symlink(status)) {
      add(argv, {"--symlink", fs::read_symlink(folder, error).string(), folder});  // merged /usr: /lib -> usr/lib
    } else if (fs::is_directory(status)) {
      add(argv, {"--ro-bind", folder, folder});
    }
  }
  for (const char* file : kSystemFiles) add(argv, {"--ro-bind-try", file, file});
}

void add_gpu(std::vector<std::string>& argv) {
  std::error_code error;
  for (const auto& entry : fs::directory_iterator("/dev", error)) {
    const std::string name = entry.path().filename().string();
    // --dev-bind, not --bind: the nodes must stay usable as devices (cuInit fails with 100 otherwise).
    if (name.rfind("nvidia", 0) == 0) add(argv, {"--dev-bind", entry.path().string(), entry.path().string()});
  }
  // The driver reads /sys and /proc/driver/nvidia during cuInit (error 304 without them on recent drivers).
  add(argv, {"--ro-bind", "/sys", "/sys", "--ro-bind-try", "/proc/driver/nvidia", "/proc/driver/nvidia"});
  for (const std::string& library : cached_library_paths("libcuda.so.1")) {
    const fs::path folder = fs::path(library).parent_path();
    if (!in_system_folders(folder)) add(argv, {"--ro-bind-try", folder.string(), folder.string()});
  }
}

std::string limit_arguments(const SandboxLimits& limits, std::vector<std::string>& argv) {
  const std::string nproc = std::to_string(limits.max_processes);
  const auto cpu = static_cast<unsigned long long>(limits.max_cpu_seconds < 1 ? 1 : limits.max_cpu_seconds);
  argv.push_back("--nproc=" + nproc + ":" + nproc);
  argv.push_back("--cpu=" + std::to_string(cpu) + ":" + std::to_string(cpu + 1));
  argv.push_back("--fsize=" + std::to_string(limits.max_file_bytes));
  if (limits.max_memory_bytes > 0) argv.push_back("--data=" + std::to_string(limits.max_memory_bytes));
  argv.push_back("--core=0");
  if (limits.max_processes < 2) return "a sandbox needs max_processes >= 2 (its init and the program)";
  return "";
}


}  // namespace

std::vector<SandboxBind> program_binds(const std::string& program) {
  const fs::path given(program);
  std::error_code error;
  const fs::path real = fs::canonical(given, error);
  if (!given.is_absolute() || error) return {};
  std::vector<SandboxBind> binds;
  const fs::path real_root = toolkit_root(real), given_root = toolkit_root(given);
  if (!in_system_folders(real)) binds.push_back({real_root.string(), real_root.string(), false});
  if (!in_system_folders(given) && given_root != real_root)
    binds.push_back({real_root.string(), given_root.string(), false});
  return binds;
}

std::string find_bwrap(std::string* problem) {
  if (const char* chosen = std::getenv("KIT_BWRAP"); chosen && *chosen) {
    if (is_executable_file(chosen)) return chosen;
    *problem = std::string("KIT_BWRAP is ") + chosen + ", which is not an executable file";
    return "";
  }
  const char* path = std::getenv("PATH");
  std::istringstream folders(path ? path : "/usr/bin:/bin");
  for (std::string folder; std::getline(folders, folder, ':');) {
    const std::string candidate = (fs::path(folder.empty() ? "." : folder) / "bwrap").string();
    if (is_executable_file(candidate)) return candidate;
  }
  *problem = "bubblewrap (bwrap) is not installed: no bwrap on PATH and KIT_BWRAP is not set";
  return "";
}

SandboxLaunch sandbox_launch(const SandboxSpec& spec, const std::vector<std::string>& argv,
                             const std::vector<std::pair<std::string, std::string>>& env,
                             const std::string& working_dir, int info_fd, int seccomp_fd) {
  SandboxLaunch launch;
  const std::string bwrap = find_bwrap(&launch.error);
  if (bwrap.empty()) return launch;
  std::string prlimit;
  for (const char* candidate : kPrlimit)
    if (prlimit.empty() && is_executable_file(candidate)) prlimit = candidate;
  if (prlimit.empty()) {
    launch.error = "prlimit (from util-linux) is not in /usr/bin or /bin: the sandbox sets its limits with it";
    return launch;
  }
  launch.switch_user = ::geteuid() == 0;
  launch.uid = spec.uid;
  launch.gid = spec.gid;

  std::vector<std::string>& a = launch.argv;
  // --unshare-all: user (forced: bwrap never runs as root here), pid, ipc, net (only lo), uts, cgroup.
  add(a, {bwrap, "--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent", "--new-session"});
  add(a, {"--clearenv"});
  bool has_path = false;
  for (const auto& [key, value] : env) {
    add(a, {"--setenv", key, value});
    has_path = has_path || key == "PATH";
  }
  if (!has_path) add(a, {"--setenv", "PATH", kDefaultPath});
  add_system(a);
  // Writable memory-backed folders are sized: a tmpfs grows in the host's RAM, outside every rlimit.
  const std::string tmp_size = std::to_string(spec.limits.tmp_bytes);
  add(a, {"--proc", "/proc", "--dev", "/dev", "--size", tmp_size, "--tmpfs", "/tmp", "--size", tmp_size, "--tmpfs",
          "/dev/shm"});
  if (spec.gpu) add_gpu(a);
  for (const std::string& folder : spec.hidden) add(a, {"--tmpfs", folder});
  for (const SandboxBind& bind : spec.binds) {
    if (!fs::path(bind.host_path).is_absolute()) {
      launch.error = "a sandbox bind needs an absolute host path, not " + bind.host_path;
      return launch;
    }
    std::string source = bind.host_path;
    // bwrap, the sandbox user already, finds a source out of that user's reach where the grader mounts it.
    if (launch.switch_user && !sandbox_user_reaches(bind.host_path, launch.uid, launch.gid, bind.writable)) {
      source = std::string(kStagingFolder) + "/" + std::to_string(launch.staged.size());
      launch.staged.push_back({bind.host_path, source, bind.writable});
    }
    add(a, {bind.writable ? "--bind" : "--ro-bind", source,
            bind.sandbox_path.empty() ? bind.host_path : bind.sandbox_path});
  }
  // bwrap builds / and /dev as unsized tmpfs, writable by the sandbox user: once every mount point is made,
  // they turn read-only (not recursively: /tmp, /dev/shm, the devices and the binds keep their own mode).
  add(a, {"--remount-ro", "/dev", "--remount-ro", "/"});
  // Its status as JSON documents: the sandbox's init as soon as it is made (the pid run_process watches),
  // then the program's exit code, which only a program that ran has (what tells a sandbox that could not
  // be made from a program that says it could not).
  add(a, {"--chdir", working_dir.empty() ? "/tmp" : working_dir, "--json-status-fd", std::to_string(info_fd)});
  if (!spec.seccomp_program.empty()) {
    if (seccomp_fd < 0) {
      launch.error = "a sandbox with a seccomp program needs a descriptor to hand it to bwrap";
      return launch;
    }
    add(a, {"--seccomp", std::to_string(seccomp_fd)});  // loaded last, just before prlimit runs
  }
  // Limits are set inside: RLIMIT_NPROC set before bwrap creates the user namespace would count every
  // process the user has on the machine, set inside it counts the sandbox's own.
  add(a, {"--", prlimit});
  launch.error = limit_arguments(spec.limits, a);
  add(a, {"--"});
  a.insert(a.end(), argv.begin(), argv.end());
  return launch;
}

std::string hand_over_writable_binds(const SandboxSpec& spec, const SandboxLaunch& launch) {
  if (!launch.switch_user) return "";
  for (const SandboxBind& bind : spec.binds) {
    if (!bind.writable) continue;
    struct stat st;
    // lstat and lchown: a link (say, one the previous step's student code left) is refused, never followed.
    if (::lstat(bind.host_path.c_str(), &st) != 0 || !(S_ISDIR(st.st_mode) || S_ISREG(st.st_mode)))
      return "the writable sandbox path " + bind.host_path + " is not a folder or a file";
    if ((st.st_uid != launch.uid || st.st_gid != launch.gid) &&
        ::lchown(bind.host_path.c_str(), launch.uid, launch.gid) != 0)
      return "cannot give " + bind.host_path + " to the sandbox user " + std::to_string(launch.uid) + ": " +
             std::strerror(errno);
  }
  return "";
}

SandboxEnding read_sandbox_ending(int exit_code, const std::string& err, const std::string& program,
                                  const SandboxLaunch& launch) {
  SandboxEnding ending;
  ending.exit_code = exit_code;
  if (exit_code > 128 && exit_code <= 128 + 64) {
    ending.exit_code = -1;
    ending.signal = exit_code - 128;
  } else if (exit_code == 1 && err.rfind("bwrap: ", 0) == 0) {
    ending.start_error = "cannot start the sandbox: " + first_line(err);
    if (launch.switch_user)
      ending.start_error += " (the sandbox runs as uid " + std::to_string(launch.uid) +
                            " because the grader is root: docs/sandbox.md, \"Root or not\", says what it needs)";
  } else if ((exit_code == 126 || exit_code == 127) && err.rfind("prlimit: failed to execute", 0) == 0) {
    const std::string line = first_line(err);
    ending.start_error = "cannot start " + program + line.substr(line.rfind(':'));
  }
  return ending;
}

std::string sandbox_limit_reached(const SandboxLimits& limits, int exit_code, int signal, double cpu_seconds,
                                  std::uint64_t peak_memory_bytes) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%g", limits.max_cpu_seconds < 1 ? 1 : limits.max_cpu_seconds);
  if (signal == SIGXFSZ)
    return "tried to write a file larger than " + byte_count_text(limits.max_file_bytes) + ", the sandbox's limit";
  if (signal == SIGXCPU || (signal == SIGKILL && cpu_seconds >= limits.max_cpu_seconds))
    return std::string("used more than ") + seconds + " s of CPU time, the sandbox's limit";
  const bool failed = signal != 0 || exit_code != 0;
  if (failed && limits.max_memory_bytes > 0 && peak_memory_bytes >= limits.max_memory_bytes / 4 * 3)
    return "ran out of memory: the sandbox allows " + byte_count_text(limits.max_memory_bytes) + " per process";
  return "";
}


std::string no_sandbox_message(const SandboxStatus& status) {
  return "cannot grade: student code must run in a sandbox, and none can be made here: " + status.problem +
         ".\nInstall bubblewrap (Debian and Ubuntu: apt-get install bubblewrap) or set KIT_BWRAP to a bwrap "
         "binary. To grade without a sandbox anyway, where student code can harm nothing that matters (a "
         "throwaway container), pass --unsandboxed.";
}

}  // namespace kit
