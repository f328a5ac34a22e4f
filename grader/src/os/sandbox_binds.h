// How a root grader hands the sandbox the folders it binds. A root grader starts bwrap as the sandbox
// user (uid 65534, os/sandbox.h), and bwrap resolves every bind's source path as that user: a folder under
// /root (mode 0700), or reached through any folder that user may not pass, is out of its reach. A
// descriptor does not help: bwrap 0.8.0's --bind-fd turns /proc/self/fd/N back into the path and resolves
// that. So the grader, still root, opens each source itself, and the child that becomes bwrap, in a mount
// namespace of its own, mounts them on an empty tmpfs at kStagingFolder, a folder every user can pass:
// bwrap binds them from there. Nothing of this is visible outside that child and the sandbox it starts.
// bwrap 0.8.0, as Debian 12 has it, is all this needs; the kernel, mount namespaces (any root has them,
// but a container's root may lack CAP_SYS_ADMIN: the preflight then says so). Only binds the sandbox user
// cannot reach are staged (sandbox_user_reaches); the others are bound from where they lie.
#pragma once

#include <string>
#include <sys/types.h>
#include <vector>

namespace kit {

// Where a root grader's sandboxes find their binds. On the host it stays an empty folder of root's; each
// sandbox's child covers it with a tmpfs of its own. bwrap needs /tmp anyway (it builds its root there).
constexpr char kStagingFolder[] = "/tmp/kit-sandbox-binds";

struct StagedBind {
  std::string host_path;    // the bind's source, as the spec names it
  std::string staged_path;  // where bwrap finds it: kStagingFolder/<n>
  bool writable = false;
  // Set by open_staged_binds:
  int fd = -1;              // the source, O_PATH, close-on-exec: what the child's mount must turn out to be
  bool directory = false;
};

// Whether `uid`/`gid` may pass every folder on the way to `path` (its links resolved) and, unless
// `owned_by_then` (a writable bind, given to that user before bwrap starts), read it and list it when it
// is a folder. Then bwrap, as that user, binds it from where it lies and nothing is staged, so a machine
// whose folders the sandbox user reaches starts its sandboxes as it always did. Mode bits only (no ACL, no
// supplementary group): a path they would reach all the same is staged, which costs a mount, nothing more.
bool sandbox_user_reaches(const std::string& path, uid_t uid, gid_t gid, bool owned_by_then);

// `path` (absolute) opened O_PATH and close-on-exec, name by name, following no link the sandbox user
// could have made or moved (one it owns, or one in a folder it owns: its writable binds are where its
// code writes), so that code run in one step cannot point the next step's bind at a file of root's.
// Other links are followed as the kernel would. -1 with *why set when it cannot be opened so.
int open_bind_source(const std::string& path, uid_t sandbox_uid, std::string* why);

// Opens every source (open_bind_source), and makes kStagingFolder when it is missing. Returns "" or why
// the sandbox cannot have its binds (every descriptor is closed then).
std::string open_staged_binds(std::vector<StagedBind>& binds, uid_t sandbox_uid);
void close_staged_binds(std::vector<StagedBind>& binds);

// In the child that becomes bwrap, after fork and before it switches user: a private mount namespace, a
// tmpfs on kStagingFolder, each source mounted at its staged_path and checked to be the very file or
// folder open_staged_binds opened. Returns nullptr, or what failed as a line for the grader (errno says
// why; the child then ends). Async-signal-safe: system calls only, no allocation.
const char* mount_staged_binds(const std::vector<StagedBind>& binds);

}  // namespace kit
