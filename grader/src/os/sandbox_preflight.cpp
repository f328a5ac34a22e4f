#include "os/sandbox_preflight.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

#include "os/process.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;

// The bits of `st`'s mode that apply to uid/gid (a sandbox has no supplementary groups), as rwx in 0..7.
mode_t bits_for(const struct stat& st, uid_t uid, gid_t gid) {
  if (st.st_uid == uid) return (st.st_mode >> 6) & 7;
  if (st.st_gid == gid) return (st.st_mode >> 3) & 7;
  return st.st_mode & 7;
}

std::string owner_text(uid_t owner, uid_t uid) {
  if (owner == 0) return "root's";
  if (owner == uid) return "the sandbox user's";
  return "uid " + std::to_string(owner) + "'s";
}

std::string mode_text(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode & 07777));
  return text;
}

// The system's folders, which every sandbox sees and which its packages install readable.
bool in_the_system(const fs::path& path) {
  for (const char* name : {"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"}) {
    const fs::path folder(name);
    auto p = path.begin();
    bool under = true;
    for (auto f = folder.begin(); under && f != folder.end(); ++f, ++p) under = p != path.end() && *p == *f;
    if (under) return true;
  }
  return false;
}

// Whether uid/gid may use the entry as a sandbox's tools do: read a file, pass a folder. Else a shortfall.
bool sandbox_user_can_use(const fs::path& path, const struct stat& st, uid_t uid, gid_t gid, const std::string& fix,
            std::vector<SandboxShortfall>& found) {
  const bool folder = S_ISDIR(st.st_mode);
  if (!folder && !S_ISREG(st.st_mode)) return true;  // links are judged where they lead, devices not at all
  const mode_t wanted = folder ? 1 : 4;
  if ((bits_for(st, uid, gid) & wanted) == wanted) return true;
  found.push_back({path.string(),
                   std::string(folder ? "a folder of " : "a file of ") + owner_text(st.st_uid, uid) + ", mode " +
                       mode_text(st.st_mode) + ": uid " + std::to_string(uid) + (folder ? " cannot pass it" : " cannot read it"),
                   fix});
  return false;
}

// The first line of what /proc/self/status says of the umask; the umask() pair (not thread-safe) when
// the kernel does not say.
mode_t current_umask() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("Umask:", 0) == 0) return static_cast<mode_t>(std::strtoul(line.c_str() + 6, nullptr, 8));
  const mode_t mask = ::umask(022);
  ::umask(mask);
  return mask;
}

}  // namespace

std::vector<SandboxShortfall> unreadable_in_binds(const SandboxSpec& spec, uid_t uid, gid_t gid, std::size_t most) {
  std::vector<SandboxShortfall> found;
  std::size_t more = 0;
  for (const SandboxBind& bind : spec.binds) {
    if (bind.writable || in_the_system(bind.host_path)) continue;  // writable ones are handed to it whole
    const std::string fix = "chmod -R o+rX " + bind.host_path;
    std::error_code error;
    struct stat st {};
    if (::stat(bind.host_path.c_str(), &st) != 0) continue;  // the real start below says why
    std::vector<SandboxShortfall> here;
    if (!sandbox_user_can_use(bind.host_path, st, uid, gid, fix, here) || !S_ISDIR(st.st_mode)) {
      found.insert(found.end(), here.begin(), here.end());
      continue;
    }
    std::size_t entries = 0;
    fs::recursive_directory_iterator walk(bind.host_path, fs::directory_options::skip_permission_denied, error);
    for (; !error && walk != fs::recursive_directory_iterator() && entries < kMaxPreflightEntries;
         walk.increment(error), ++entries) {
      if (::lstat(walk->path().c_str(), &st) != 0) continue;
      // A folder it cannot pass hides all it holds: one line for the folder, not one per file in it.
      if (!sandbox_user_can_use(walk->path(), st, uid, gid, fix, here) && S_ISDIR(st.st_mode)) walk.disable_recursion_pending();
    }
    found.insert(found.end(), here.begin(), here.end());
  }
  if (found.size() > most) {
    more = found.size() - most;
    found.resize(most);
    found.push_back({"", "and " + std::to_string(more) + " more", ""});
  }
  return found;
}

std::vector<SandboxShortfall> umask_shortfall(mode_t mask, uid_t uid) {
  if ((mask & 005) == 0) return {};
  return {{"umask " + mode_text(mask),
           "the grader's umask takes others' read or search permission off what it writes for the sandbox (its "
           "copy of the submission, the harness objects), so uid " + std::to_string(uid) + " cannot use them",
           "umask 022 before running the grader"}};
}

std::string sandbox_preflight(const SandboxSpec& spec) {
  if (::geteuid() != 0) return "";
  std::vector<SandboxShortfall> found = umask_shortfall(current_umask(), spec.uid);
  for (SandboxShortfall& s : unreadable_in_binds(spec, spec.uid, spec.gid)) found.push_back(std::move(s));
  std::string why_not;
  if (found.empty()) {
    ProcessRequest request;
    request.argv = {"/bin/true"};
    request.timeout_s = 30;
    request.sandbox = spec;
    request.sandbox->seccomp_program.clear();
    const ProcessResult result = run_process(request);
    if (!result.ok()) why_not = describe_ending(result, request.timeout_s);
    if (!result.ok() && result.start_error.empty() && !result.err.empty()) why_not += ": " + first_line(result.err);
  }
  if (found.empty() && why_not.empty()) return "";
  std::string message = "cannot grade: the grader is root, so its sandbox runs the compilers and student code as uid " +
                        std::to_string(spec.uid) + ", and ";
  if (!why_not.empty()) return message + "a sandbox with this grading's folders does not start: " + why_not +
                               "\nNothing was graded (docs/sandbox.md, \"Root or not\", says what a root grader needs).";
  message += "that user cannot use what this grading gives it:\n";
  std::vector<std::string> fixes;
  for (const SandboxShortfall& s : found) {
    message += "  " + (s.path.empty() ? s.why : s.path + ": " + s.why) + "\n";
    if (!s.fix.empty() && std::find(fixes.begin(), fixes.end(), s.fix) == fixes.end()) fixes.push_back(s.fix);
  }
  message += "To fix it: ";
  for (std::size_t k = 0; k < fixes.size(); ++k) message += (k ? "; " : "") + fixes[k];
  return message + "\nNothing was graded.";
}

}  // namespace kit
