// What a root grader's sandbox user still needs and cannot get, found before anything is graded. A root
// grader runs every compile and run as uid 65534 (os/sandbox.h). The grader mounts that user every
// folder it binds (os/sandbox_binds.h), but what is in them it must still be allowed to read: a kit or
// course tree checked out with umask 077, a root umask that makes the grader's own copies unreadable.
// Such a setup fails every student alike, so a grading refuses it (exit 2) with the path, the reason and
// what to change, instead of grading anyone.
#pragma once

#include <string>
#include <sys/types.h>
#include <vector>

#include "os/sandbox.h"

namespace kit {

struct SandboxShortfall {
  std::string path;  // what the sandbox's user cannot use
  std::string why;   // "a file of root's, mode 0600"
  std::string fix;   // a command that gives it what it needs: "chmod -R o+rX /root/course"
};

// The files and folders in `spec`'s read-only binds that uid/gid cannot read (a file) or pass (a folder),
// judged by their owner and mode bits (no ACLs), at most `most` of them, then a line for the rest.
// Links are not followed; a bind inside /usr, /bin, /lib... (the system's, installed readable) is not
// walked, nor past kMaxPreflightEntries entries of one bind.
constexpr std::size_t kMaxPreflightEntries = 100000;
std::vector<SandboxShortfall> unreadable_in_binds(const SandboxSpec& spec, uid_t uid, gid_t gid, std::size_t most = 5);

// The grader's umask, when it keeps the sandbox's user from reading what the grader writes for it (its
// copy of the submission, the harness objects): a shortfall, or none.
std::vector<SandboxShortfall> umask_shortfall(mode_t mask, uid_t uid);

// "" when the sandbox of `spec` has what it needs here; else what a command prints, and exits 2 with.
// Only a root grader's sandbox changes user: for any other, "". Checks the umask, the binds' modes, and
// then starts the real thing once (/bin/true, with spec's binds), so whatever else stops it is found too.
std::string sandbox_preflight(const SandboxSpec& spec);

}  // namespace kit
