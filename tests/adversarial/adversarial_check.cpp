// kit-adversarial-check: runs the real `grader` on a hostile submission and checks both what it did (the
// verdict the case's metadata promises) and what it must not have let happen (README.md, "What every case
// checks").
//
//   kit-adversarial-check case GRADER CASE.cu BACKEND [LANDED...]   one case of tests/adversarial/cases
//   kit-adversarial-check fuzz GRADER BACKEND SEED COUNT             random bytes and hostile names
//
// LANDED names the defences on this branch (CMakeLists.txt): a metadata line tagged [name] counts only
// when name is among them. Exit 0: as expected; 1: not as expected (every reason is printed); 77: skipped
// (no usable GPU for BACKEND cuda).
#include <arpa/inet.h>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <netinet/in.h>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <sys/socket.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include <nlohmann/json.hpp>

#include "os/build_config.h"
#include "grading/grade.h"
#include "build/prepared.h"
#include "os/process.h"
#include "util/sha256.h"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr int kSkip = 77;

// What can be read of `path`. A read that fails midway makes libstdc++ throw from the stream buffer: a
// process's /proc/<pid>/cmdline does so when the process ends while it is read, which is no finding.
std::string read_file(const fs::path& path) {
  try {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), {});
  } catch (const std::exception&) {
    return {};
  }
}

void write_file(const fs::path& path, const std::string& bytes) { std::ofstream(path, std::ios::binary) << bytes; }

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

std::string token(std::mt19937_64& rng) {
  static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
  std::string t;
  for (int i = 0; i < 16; ++i) t += digits[rng() % 36];
  return t;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// ---------------------------------------------------------------------------------------------------------
// The metadata block: the run of `// key: value` lines at the top of a case (README.md, "Metadata").

struct Line {
  std::string key, value;
};

std::vector<Line> read_metadata(const std::string& text, const std::string& backend, bool nvcc,
                                const std::set<std::string>& landed) {
  std::vector<Line> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("//", 0) != 0) break;
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(2, colon - 2);
    std::string value = line.substr(colon + 1);
    key.erase(0, key.find_first_not_of(' '));
    value.erase(0, value.find_first_not_of(' '));
    while (!value.empty() && (value.back() == ' ' || value.back() == '\r')) value.pop_back();
    // A line tagged [defence] counts once that defence has landed.
    if (const std::size_t open = key.find(" ["); open != std::string::npos && key.back() == ']') {
      if (!landed.count(key.substr(open + 2, key.size() - open - 3))) continue;
      key.erase(open);
    }
    while (!key.empty() && key.back() == ' ') key.pop_back();
    // A backend suffix (-cpu, -cuda) or -nvcc (only where the kit found nvcc) narrows a line.
    bool keep = true;
    for (const std::string suffix : {"-cpu", "-cuda", "-nvcc"}) {
      if (key.size() > suffix.size() && key.compare(key.size() - suffix.size(), std::string::npos, suffix) == 0) {
        const std::string what = suffix.substr(1);
        keep = what == "nvcc" ? nvcc : what == backend;
        key.erase(key.size() - suffix.size());
        break;
      }
    }
    if (keep) lines.push_back({key, value});
  }
  return lines;
}

std::vector<std::string> values_of(const std::vector<Line>& lines, const std::string& key) {
  std::vector<std::string> out;
  for (const Line& l : lines)
    if (l.key == key) out.push_back(l.value);
  return out;
}

std::string value_of(const std::vector<Line>& lines, const std::string& key, const std::string& fallback = "") {
  const auto all = values_of(lines, key);
  return all.empty() ? fallback : all.back();
}

// `folder-name:` values may spell control characters: \n, \t, \\ and \xHH.
std::string unescape(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\\' || i + 1 >= text.size()) {
      out += text[i];
      continue;
    }
    const char c = text[++i];
    if (c == 'n') out += '\n';
    else if (c == 't') out += '\t';
    else if (c == 'x' && i + 2 < text.size() + 1) {
      out += static_cast<char>(std::stoi(text.substr(i + 1, 2), nullptr, 16));
      i += 2;
    } else out += c;
  }
  return out;
}

// `append: KIND [BYTES]`: what a case adds to its own text at test time, rather than committing it.
std::string generated(const std::string& spec, std::mt19937_64& rng) {
  std::istringstream in(spec);
  std::string kind;
  std::size_t bytes = 0;
  in >> kind >> bytes;
  if (kind == "comment") {  // one comment, in lines of 100 characters
    std::string text = "/*";
    while (text.size() < bytes) text += "\n" + std::string(99, 'c');
    return text + "\n*/\n";
  }
  if (kind == "literal") return "static const char kPadding[] = \"" + std::string(bytes, 'x') + "\";\n";
  if (kind == "binary") {
    std::string text(bytes, '\0');
    for (char& c : text) c = static_cast<char>(rng() & 0xff);
    return text;
  }
  if (kind == "nul") return std::string("// a NUL byte: ") + '\0' + "\n";
  // Bytes that are not UTF-8: in code (refused), in comments (accepted, as the compilers accept them), in a
  // string literal (refused, as nvcc refuses it).
  if (kind == "invalid-utf8") return "static int not_utf8_\xff\xfe\xc0\xaf;\n";
  if (kind == "latin1-comment") return "// caf\xe9 in Latin-1\n/* na\xefve, and not UTF-8 at all: \xff\xfe\xc0\xaf */\n";
  if (kind == "latin1-literal") return "static const char kLatin1[] = \"caf\xe9\";\n";
  throw std::runtime_error("unknown append: " + spec);
}

// ---------------------------------------------------------------------------------------------------------
// The world around one grading: a private folder holding the grader's TMPDIR and HOME, a canary and a
// secret, the submission and the --output file; a localhost port nobody should reach.

struct World {
  fs::path root, tmp, home, canary, secret_file, output, submissions;
  fs::path prepared;  // set (build-cache: yes): the grader's --prepared folder, its builds/ holding a planted file
  std::string mark, secret_env, secret_in_file, canary_text;
  int listener = -1;
  int port = 0;
  std::map<std::string, std::string> kit_hashes;  // kit tree file -> sha256, before the grading
  std::set<std::string> created;                  // paths made here whose names hold the mark on purpose
};

std::vector<fs::path> kit_watched_folders(const std::string& kit) {
  std::vector<fs::path> folders;
  for (const char* sub : {"assignments", "solutions", "starter", "datasets", "grader/include"})
    folders.push_back(fs::path(kit) / sub);
  return folders;
}

std::map<std::string, std::string> hash_kit(const std::string& kit) {
  std::map<std::string, std::string> hashes;
  for (const fs::path& folder : kit_watched_folders(kit)) {
    std::error_code error;
    for (auto it = fs::recursive_directory_iterator(folder, error); !error && it != fs::recursive_directory_iterator();
         it.increment(error)) {
      if (it->is_symlink() || !it->is_regular_file()) {
        hashes[it->path().string()] = it->is_symlink() ? "symlink" : "other";
        continue;
      }
      hashes[it->path().string()] = kit::sha256_hex(read_file(it->path()));
    }
  }
  return hashes;
}

World make_world(const std::string& label, std::mt19937_64& rng) {
  World w;
  w.root = fs::temp_directory_path() / ("kit-adv-" + label + "-" + std::to_string(::getpid()));
  fs::remove_all(w.root);
  w.tmp = w.root / "tmp";
  w.home = w.root / "home";
  w.submissions = w.root / "submissions";
  for (const fs::path& p : {w.tmp, w.home, w.submissions, w.root / "out"}) fs::create_directories(p);
  // A root grader hands runs to uid 65534, which must pass through its TMPDIR to the work folder.
  for (const fs::path& p : {w.root, w.tmp}) ::chmod(p.c_str(), 0711);
  w.mark = "kit-adv-pwned-" + token(rng);
  w.secret_env = "secret-env-" + token(rng);
  w.secret_in_file = "secret-file-" + token(rng);
  w.canary_text = "canary " + token(rng) + "\n";
  w.canary = w.home / "canary.txt";
  write_file(w.canary, w.canary_text);
  // A secret shaped like a CPU-backend diagnostics file, readable by the grader's user only.
  w.secret_file = w.home / "secret.jsonl";
  write_file(w.secret_file, "{\"severity\":\"error\",\"category\":\"leak\",\"message\":\"" + w.secret_in_file + "\"}\n");
  ::chmod(w.secret_file.c_str(), 0600);
  w.output = w.root / "out" / "result.json";
  w.listener = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof addr;
  if (w.listener >= 0 && ::bind(w.listener, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 &&
      ::listen(w.listener, 16) == 0 && ::getsockname(w.listener, reinterpret_cast<sockaddr*>(&addr), &length) == 0)
    w.port = ntohs(addr.sin_port);
  return w;
}

std::string substitute(std::string text, const World& w, const std::string& kit) {
  text = replace_all(text, "@KIT_ROOT@", kit);
  text = replace_all(text, "@CANARY@", w.canary.string());
  text = replace_all(text, "@SECRET_FILE@", w.secret_file.string());
  text = replace_all(text, "@OUTPUT@", w.output.string());
  text = replace_all(text, "@HOME@", w.home.string());
  text = replace_all(text, "@MARK@", w.mark);
  text = replace_all(text, "@PORT@", std::to_string(w.port));
  text = replace_all(text, "@BUILD_CACHE@", (w.root / "prepared" / "builds").string());
  return text;
}

// Processes left behind: anything whose program, command line or folder lies in the world's private root.
std::vector<std::pair<int, std::string>> leftovers(const World& w) {
  std::vector<std::pair<int, std::string>> found;
  const std::string root = w.root.string();
  std::error_code error;
  for (const auto& entry : fs::directory_iterator("/proc", error)) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos || std::stoi(name) == ::getpid()) continue;
    std::error_code e;
    const std::string exe = fs::read_symlink(entry.path() / "exe", e).string();
    const std::string cwd = fs::read_symlink(entry.path() / "cwd", e).string();
    std::string cmdline = read_file(entry.path() / "cmdline");
    for (char& c : cmdline)
      if (c == '\0') c = ' ';
    if (contains(exe, root) || contains(cwd, root) || contains(cmdline, root))
      found.push_back({std::stoi(name), cmdline.substr(0, 160)});
  }
  return found;
}

// Files an attack named after the mark, wherever it could have left them outside its sandbox.
std::vector<std::string> marked_files(const World& w, const std::string& kit) {
  std::vector<std::string> found;
  auto note = [&](const fs::path& path) {
    if (contains(path.filename().string(), w.mark) && !w.created.count(path.string())) found.push_back(path.string());
  };
  auto scan = [&](const fs::path& folder, bool recursive) {
    std::error_code error;
    if (recursive) {
      for (auto it = fs::recursive_directory_iterator(folder, fs::directory_options::skip_permission_denied, error);
           !error && it != fs::recursive_directory_iterator(); it.increment(error)) {
        note(it->path());
        if (w.created.count(it->path().string())) it.disable_recursion_pending();
      }
    } else {
      for (const auto& entry : fs::directory_iterator(folder, error)) note(entry.path());
    }
  };
  for (const char* shared : {"/tmp", "/var/tmp", "/dev/shm"}) scan(shared, false);
  scan(kit, false);
  for (const fs::path& folder : kit_watched_folders(kit)) scan(folder, true);
  scan(w.root, true);
  if (const char* home = std::getenv("HOME")) scan(home, false);
  return found;
}

// What must hold after any grading, whatever the attack: returns the problems found.
std::string check_world(const World& w, const std::string& kit, const std::string& everything_said) {
  std::string problems;
  for (const auto& [pid, cmdline] : leftovers(w)) {
    problems += "process " + std::to_string(pid) + " of the grading is still alive: " + cmdline + "\n";
    ::kill(pid, SIGKILL);  // started by this grading: ended here so that it harms nothing else
  }
  for (const std::string& file : marked_files(w, kit)) problems += "the attack left " + file + "\n";
  if (read_file(w.canary) != w.canary_text) problems += "the canary " + w.canary.string() + " changed\n";
  const auto now = hash_kit(kit);
  for (const auto& [file, hash] : w.kit_hashes) {
    auto it = now.find(file);
    if (it == now.end()) problems += "the kit file " + file + " is gone\n";
    else if (it->second != hash) problems += "the kit file " + file + " changed\n";
  }
  for (const auto& [file, hash] : now)
    if (!w.kit_hashes.count(file)) problems += "a file appeared in the kit tree: " + file + "\n";
  for (const std::string& secret : {w.secret_env, w.secret_in_file})
    if (contains(everything_said, secret)) problems += "a secret of the grader's environment reached the report: " + secret + "\n";
  if (w.listener >= 0) {
    const int connection = ::accept4(w.listener, nullptr, nullptr, SOCK_NONBLOCK);
    if (connection >= 0) {
      problems += "something connected to the host's localhost port " + std::to_string(w.port) + "\n";
      ::close(connection);
    }
  }
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(w.tmp, error))
    if (entry.path().filename().string().rfind("kit-grade-", 0) == 0)
      problems += "the grader's work folder " + entry.path().string() + " was left behind\n";
  return problems;
}

kit::ProcessResult run_grader(const std::vector<std::string>& argv, const World& w, double timeout_s,
                              const std::string& working_dir) {
  kit::ProcessRequest r;
  r.argv = argv;
  r.timeout_s = timeout_s;
  r.max_output_bytes = 8 << 20;
  r.working_dir = working_dir;
  // The grader's own environment: its work folders land in the world's tmp; a secret it must not leak.
  r.env = {{"TMPDIR", w.tmp.string()}, {"HOME", w.home.string()}, {"KIT_ADV_SECRET", w.secret_env}, {"NO_COLOR", "1"}};
  return kit::run_process(r);
}

bool no_gpu(const kit::ProcessResult& p) { return p.exit_code == 2 && contains(p.err, "needs a usable GPU"); }

// ---------------------------------------------------------------------------------------------------------
// One case.

// KIT_VERDICT_SNAPSHOT=DIR keeps every report as DIR/<test>.json, with the grader's exit code, for
// scripts/verdict-snapshot.sh: the verdicts of the whole corpus, compared before and after a change.
void keep_for_snapshot(const std::string& report_text, const std::string& test, int exit_code) {
  const char* dir = std::getenv("KIT_VERDICT_SNAPSHOT");
  if (!dir || !*dir) return;
  json report = json::parse(report_text, nullptr, false);
  if (report.is_discarded()) report = nullptr;  // no report, or not JSON: kept as null, not as unparsable text
  json kept = {{"test", test}, {"exit_code", exit_code}, {"report", report}};
  std::ofstream(fs::path(dir) / (test + ".json")) << kept.dump(1) << "\n";
}

int fail(const std::string& why) {
  std::fprintf(stderr, "NOT AS EXPECTED:\n%s", why.c_str());
  return 1;
}

std::string file_name_for(const std::string& assignment) {
  // The student file a rubric grades: matmul-tiled grades matmul_tiled.cu.
  const fs::path rubric = fs::path(kit::build_config().kit_dir) / "assignments" / assignment / "rubric.yaml";
  const std::string text = read_file(rubric);
  const std::size_t at = text.find("student_files: [");
  if (at != std::string::npos) {
    const std::size_t start = at + 16, end = text.find_first_of(",]", start);
    std::string name = text.substr(start, end - start);
    name.erase(0, name.find_first_not_of(' '));
    while (!name.empty() && name.back() == ' ') name.pop_back();
    return name;
  }
  std::string name = assignment;
  for (char& c : name) c = c == '-' ? '_' : c;
  return name + ".cu";
}

// The tests of a report named by an expectation: a group, a test's name, "correctness" (every correctness
// test), "performance", "technique", "build" or "score" (all of them).
std::vector<const json*> tests_named(const json& report, const std::string& name) {
  std::vector<const json*> found;
  for (const json& t : report["tests"]) {
    const std::string category = t.value("category", "");
    if (name == "score" || t.value("group", "") == name || t.value("name", "") == name || category == name)
      found.push_back(&t);
  }
  return found;
}

int check_case(const std::string& grader, const std::string& case_file, const std::string& backend,
               const std::set<std::string>& landed) {
  const kit::BuildConfig& config = kit::build_config();
  const std::string kit = std::getenv("KIT_ROOT") ? std::getenv("KIT_ROOT") : config.kit_dir;
  const std::string source = read_file(case_file);
  const std::vector<Line> meta = read_metadata(source, backend, !config.nvcc.empty(), landed);
  const std::string assignment = value_of(meta, "broken");
  const std::string stem = fs::path(case_file).stem().string();
  if (assignment.empty()) return fail(case_file + " has no '// broken: <assignment>' line\n");
  const std::string bug = value_of(meta, "bug");

  std::mt19937_64 rng(std::random_device{}());
  World w = make_world(stem + "-" + backend, rng);
  w.kit_hashes = hash_kit(kit);
  // A prepared folder for the grading (grader/src/build/prepared.h), holding what a batch's holds beside the harness
  // objects: a baseline's runner, built from a solution (here a stand-in that would compile, named as they
  // are).
  if (value_of(meta, "build-cache") == "yes") {
    w.prepared = w.root / "prepared";
    const kit::Backend kind = backend == "cuda" ? kit::Backend::cuda : kit::Backend::cpu;
    const kit::PreparedFolder p = kit::prepare_folder(w.prepared.string(), kit::load_assignment_rubric(assignment), kind);
    write_file(fs::path(p.builds) / "planted.runner", "// " + w.mark + "\nstatic int planted_baseline = 1;\n");
  }

  // The submission, laid out as the case says.
  const std::string layout = value_of(meta, "submit", "folder");
  const std::string fixed = file_name_for(assignment);
  const std::string folder_name = unescape(substitute(value_of(meta, "folder-name", "submission"), w, kit));
  const fs::path folder = w.submissions / folder_name;
  std::string content = substitute(source, w, kit);
  for (const std::string& extra : values_of(meta, "append")) content += generated(extra, rng);
  fs::path submission = folder;
  fs::create_directories(folder);
  w.created.insert(folder.string());
  if (layout == "folder" || layout == "file") {
    write_file(folder / fixed, content);
    if (layout == "file") submission = folder / fixed;
  } else if (layout == "symlink-file") {  // the fixed name is a link to the real file
    write_file(w.submissions / "real.cu", content);
    fs::create_symlink(w.submissions / "real.cu", folder / fixed);
  } else if (layout == "symlink-submission") {  // the path given is a link to a folder
    write_file(folder / fixed, content);
    submission = w.submissions / "link";
    fs::create_directory_symlink(folder, submission);
  } else if (layout == "fifo-file") {
    ::mkfifo((folder / fixed).c_str(), 0644);
  } else if (layout == "fifo-submission") {
    submission = w.submissions / fixed;
    ::mkfifo(submission.c_str(), 0644);
  } else {
    return fail("unknown submit: " + layout + "\n");
  }
  for (const std::string& beside : values_of(meta, "beside")) {  // "other.h as name.h"
    const std::size_t as = beside.find(" as ");
    const fs::path from = fs::path(case_file).parent_path() / beside.substr(0, as);
    write_file(folder / beside.substr(as + 4), substitute(read_file(from), w, kit));
  }

  const std::string command = value_of(meta, "command", "check");
  const std::string arg_style = value_of(meta, "submission-arg", "absolute");
  std::vector<std::string> argv = {grader, command, assignment};
  std::string working_dir = w.root.string();
  if (arg_style == "relative-equals") {
    working_dir = submission.parent_path().string();
    argv.push_back("--submission=" + submission.filename().string());
  } else if (arg_style == "relative") {
    working_dir = submission.parent_path().string();
    argv.insert(argv.end(), {"--submission", submission.filename().string()});
  } else {
    argv.insert(argv.end(), {"--submission", submission.string()});
  }
  argv.insert(argv.end(), {"--backend", backend, "--format", "json", "--output", w.output.string()});
  if (!w.prepared.empty()) argv.insert(argv.end(), {"--prepared", w.prepared.string()});
  if (const std::string seed = value_of(meta, "seed"); !seed.empty()) argv.insert(argv.end(), {"--seed", seed});
  // KIT_ADV_GRADER_ARGS=--unsandboxed shows that a case can fail: run it where the attack may do harm.
  if (const char* extra = std::getenv("KIT_ADV_GRADER_ARGS")) {
    std::istringstream words(extra);
    for (std::string word; words >> word;) argv.push_back(word);
  }
  const double timeout = std::stod(value_of(meta, "timeout", "900"));

  const kit::ProcessResult p = run_grader(argv, w, timeout, working_dir);
  if (no_gpu(p)) {
    std::printf("no usable GPU: skipped\n");
    fs::remove_all(w.root);
    return kSkip;
  }
  const std::string report_text = read_file(w.output);
  keep_for_snapshot(report_text, "adversarial." + backend + "." + fs::path(case_file).stem().string(), p.exit_code);
  const std::string said = p.out + p.err;
  std::printf("%s\n%s", case_file.c_str(), said.c_str());
  std::string problems;

  // How the grader ended.
  std::set<int> allowed;
  for (const std::string& code : values_of(meta, "expect-exit")) allowed.insert(std::stoi(code));
  if (allowed.empty()) allowed = command == "check" ? std::set<int>{0, 1} : std::set<int>{0};
  if (p.timed_out)
    problems += "the grader did not finish within " + value_of(meta, "timeout", "900") + " s\n";
  else if (p.signal || !allowed.count(p.exit_code))
    problems += "the grader ended with " + kit::describe_ending(p, timeout) + "\n";
  for (const std::string& text : values_of(meta, "expect-message"))
    if (!contains(said, text)) problems += "the grader never says '" + text + "'\n";

  // The verdict, from the JSON report.
  const bool graded = p.exit_code == 0 || p.exit_code == 1;
  json report = json::parse(report_text, nullptr, false);
  if (graded && !report.is_object()) problems += "the grader exited " + std::to_string(p.exit_code) + " without a JSON report\n";
  if (!graded && fs::exists(w.output)) problems += "the grader wrote a report although it exited " + std::to_string(p.exit_code) + "\n";
  if (report.is_object()) {
    std::string failing_text, all_text;
    for (const json& t : report["tests"]) {
      all_text += t.value("message", "") + "\n" + t.value("details", "") + "\n";
      if (t.value("status", "") != "passed") failing_text += t.value("message", "") + "\n" + t.value("details", "") + "\n";
    }
    for (const std::string& g : values_of(meta, "expect-fail")) {
      const auto tests = tests_named(report, g);
      bool any_failed = false;
      for (const json* t : tests) any_failed = any_failed || t->value("status", "") != "passed";
      if (tests.empty()) problems += "no group named '" + g + "' in the report\n";
      else if (!any_failed) problems += "'" + g + "' should fail but every test passed\n";
    }
    for (const std::string& g : values_of(meta, "expect-pass")) {
      const auto tests = tests_named(report, g);
      bool all_passed = true;
      for (const json* t : tests) all_passed = all_passed && t->value("status", "") == "passed";
      if (tests.empty()) problems += "no group named '" + g + "' in the report\n";
      else if (!all_passed) problems += "'" + g + "' should pass but some test failed\n";
    }
    for (const std::string& g : values_of(meta, "expect-zero")) {
      const auto tests = tests_named(report, g);
      double score = 0;
      for (const json* t : tests) score += t->value("score", 0.0);
      if (tests.empty()) problems += "no tests named '" + g + "' in the report\n";
      else if (score != 0) problems += "'" + g + "' should score 0 but scored " + std::to_string(score) + "\n";
    }
    for (const std::string& text : values_of(meta, "expect-text"))
      if (!contains(failing_text, text)) problems += "no failing test says '" + text + "'\n";
    for (const std::string& text : values_of(meta, "expect-build-fail")) {
      bool found = false;
      for (const json* t : tests_named(report, "build"))
        found = found || (t->value("status", "") != "passed" &&
                          contains(t->value("message", "") + "\n" + t->value("details", ""), text));
      if (!found) problems += "no failed build test says '" + text + "'\n";
    }
  }
  for (const std::string& text : values_of(meta, "expect-no-text"))
    if (contains(said, text) || contains(report_text, text))
      problems += "the grader's output or report says '" + text + "'\n";

  problems += check_world(w, kit, said + report_text);
  // A daemon may wait for the grader to be gone: look again later.
  if (const std::string settle = value_of(meta, "expect-settled"); !settle.empty()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(static_cast<int>(std::stod(settle) * 1000)));
    if (read_file(w.output) != report_text) problems += "the --output file changed after the grader exited\n";
    problems += check_world(w, kit, said + report_text);
  }
  if (w.listener >= 0) ::close(w.listener);
  std::error_code ignored;
  fs::remove_all(w.root, ignored);
  if (!problems.empty()) return fail(stem + " (" + bug + "):\n" + problems);
  std::printf("as expected: %s\n", bug.c_str());
  return 0;
}

// ---------------------------------------------------------------------------------------------------------
// The fuzz test: random bytes, odd text and hostile names handed to `grader check` and `grader grade`. Each
// must end in a grade (exit 0 or 1), or exit 2 with a message: never exit 3, never a signal, never a hang.

struct FuzzInput {
  std::string what;
  std::vector<std::string> submission_args;  // after the assignment
  std::string working_dir;
};

const char* const kHostileNames[] = {
    "$(touch @MARK@-a)", "`touch @MARK@-b`", "a\nb", "-rf", "--help", "; touch @MARK@-c", "| touch @MARK@-d",
    "' \" \\", "\xff\xfe", "..", " ", "*", "%s%s%n", "名前", "a\tb", "-", "--submission", "\x1b[31mred",
};

std::string random_bytes(std::mt19937_64& rng, std::size_t n) {
  std::string s(n, '\0');
  for (char& c : s) c = static_cast<char>(rng() & 0xff);
  return s;
}

// Text a C tokenizer finds hostile: unterminated comments and strings, launches cut short, raw strings.
// Valid UTF-8 throughout, so that it gets past intake to the compilers and the CPU backend's rewriter.
std::string hostile_text(std::mt19937_64& rng, const std::string& solution) {
  static const char* const pieces[] = {"/*", "*/", "\"", "'", "R\"(", ")\"", "<<<", ">>>", "\\\n", "#define X <<<\n",
                                       "__global__", "__shared__", "{", "}", "(", ")", ";", "\n#include \"", "?\?/",
                                       "__syncthreads();", "extern __shared__ float s[];", "#if 1\n", "#endif\n", "\xc3\xa9"};
  std::string text = solution.substr(0, rng() % (solution.size() + 1));
  const int n = 1 + static_cast<int>(rng() % 8);
  for (int i = 0; i < n; ++i) {
    const char* piece = pieces[rng() % (sizeof pieces / sizeof pieces[0])];
    text.insert(rng() % (text.size() + 1), piece);
  }
  return text;
}

int fuzz(const std::string& grader, const std::string& backend, std::uint64_t seed, int count) {
  const kit::BuildConfig& config = kit::build_config();
  const std::string kit = config.kit_dir;
  std::mt19937_64 rng(seed);
  World w = make_world("fuzz-" + std::to_string(seed), rng);
  w.kit_hashes = hash_kit(kit);
  const std::string solution = read_file(fs::path(kit) / "solutions/matmul-naive/matmul_naive.cu");
  const std::string assignment = "matmul-naive", fixed = "matmul_naive.cu";
  std::string problems, said;
  for (int i = 0; i < count; ++i) {
    const fs::path here = w.submissions / std::to_string(i);
    fs::create_directories(here);
    FuzzInput in;
    in.working_dir = here.string();
    std::string name = substitute(kHostileNames[rng() % (sizeof kHostileNames / sizeof kHostileNames[0])], w, kit);
    switch (rng() % 6) {
      case 0: {  // random bytes under the right name
        const std::size_t size = rng() % 3 == 0 ? (1u << 20) + rng() % 4096 : rng() % 65536;
        write_file(here / fixed, random_bytes(rng, size));
        in.what = std::to_string(size) + " random bytes";
        in.submission_args = {"--submission", (here / fixed).string()};
        break;
      }
      case 1: {  // hostile text under the right name, in a folder with a hostile name
        fs::create_directories(here / name);
        w.created.insert((here / name).string());
        write_file(here / name / fixed, hostile_text(rng, solution));
        in.what = "hostile text in a folder named " + name;
        in.submission_args = {"--submission", (here / name).string()};
        break;
      }
      case 2: {  // a hostile path given as it is, relative to the working folder: it may not exist
        w.created.insert((here / name).string());
        if (rng() % 2) {
          fs::create_directories(here / name);
          write_file(here / name / fixed, random_bytes(rng, rng() % 256));
        }
        in.what = "the relative path " + name;
        in.submission_args = {rng() % 2 ? "--submission=" + name : "--submission", name};
        if (in.submission_args[0] != "--submission") in.submission_args.pop_back();
        break;
      }
      case 3: {  // things that are not a file: links (to secrets too), fifos, devices, empty folders
        const int kind = static_cast<int>(rng() % 6);
        const fs::path target = here / fixed;
        if (kind == 0) fs::create_symlink("/etc/shadow", target);
        else if (kind == 1) fs::create_symlink(target, target);  // a loop
        else if (kind == 2) ::mkfifo(target.c_str(), 0644);
        else if (kind == 3) fs::create_symlink("/dev/zero", target);
        else if (kind == 4) fs::create_directories(target);
        else fs::create_symlink(w.secret_file, target);
        in.what = "a " + std::string(kind == 2 ? "fifo" : kind == 4 ? "folder" : "link") + " named " + fixed;
        in.submission_args = {"--submission", rng() % 2 ? target.string() : here.string()};
        break;
      }
      case 4: {  // valid UTF-8 that is not C: a long literal, then junk
        std::string text = "const char* s = \"" + std::string(50000 + rng() % 10000, 'A') + "\";\n";
        text += hostile_text(rng, solution);
        write_file(here / fixed, text);
        in.what = "a 50 KB literal, then hostile text";
        in.submission_args = {"--submission", here.string()};
        break;
      }
      default: {  // the solution with a few bytes flipped: to anything (intake), or to printable text
        std::string text = solution;
        const int flips = 1 + static_cast<int>(rng() % 4);
        const bool printable = rng() % 2;
        for (int f = 0; f < flips; ++f)
          text[rng() % text.size()] = printable ? static_cast<char>(0x20 + rng() % 95) : static_cast<char>(rng() & 0xff);
        text.insert(0, "#error fuzz\n");  // keeps a flip that still compiles from costing a whole grading
        write_file(here / fixed, text);
        in.what = "the solution with bytes flipped";
        in.submission_args = {"--submission", (here / fixed).string()};
        break;
      }
    }
    const bool grade = rng() % 2;
    std::vector<std::string> argv = {grader, grade ? "grade" : "check", assignment};
    argv.insert(argv.end(), in.submission_args.begin(), in.submission_args.end());
    argv.insert(argv.end(), {"--backend", backend});
    const kit::ProcessResult p = run_grader(argv, w, 300, in.working_dir);
    std::printf("[%d] %s %s: %s\n", i, argv[1].c_str(), in.what.c_str(), kit::describe_ending(p, 300).c_str());
    said += p.out + p.err;
    if (std::getenv("KIT_ADV_VERBOSE")) std::printf("%s%s\n", p.out.c_str(), p.err.c_str());
    // Exit 2 comes with a message: the grader's own, or the command-line parser's.
    const bool fine = !p.timed_out && p.signal == 0 &&
                      (p.exit_code == 0 || (p.exit_code == 1 && !grade) || (p.exit_code == 2 && !p.err.empty()));
    if (!fine)
      problems += "[" + std::to_string(i) + "] " + argv[1] + " on " + in.what + " ended with " +
                  kit::describe_ending(p, 300) + "\n" + p.err.substr(0, 2000) + "\n";
  }
  problems += check_world(w, kit, said);
  std::error_code ignored;
  fs::remove_all(w.root, ignored);
  if (!problems.empty()) return fail(problems);
  std::printf("fuzz: %d inputs, every one graded or refused with a message\n", count);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  // The grader runs in folders of the world's own: its path, and the case's, must not be relative.
  for (std::size_t i = 1; i < args.size() && i < 3; ++i)
    if (fs::exists(args[i])) args[i] = fs::absolute(args[i]).string();
  if (args.size() >= 4 && args[0] == "case")
    return check_case(args[1], args[2], args[3], std::set<std::string>(args.begin() + 4, args.end()));
  if (args.size() == 5 && args[0] == "fuzz")
    return fuzz(args[1], args[2], std::stoull(args[3]), std::stoi(args[4]));
  std::fprintf(stderr, "usage: kit-adversarial-check case GRADER CASE.cu BACKEND [LANDED...]\n"
                       "       kit-adversarial-check fuzz GRADER BACKEND SEED COUNT\n");
  return 2;
}
