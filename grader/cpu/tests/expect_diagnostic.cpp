// Runs a deliberately buggy program built on the CPU backend and checks that the backend caught the
// bug: the exit code, and a diagnostic of the expected category at one of the lines of the source
// marked "expected diagnostic". Diagnostics are read from the KITCPU_REPORT file the backend writes
// and from the sanitizer reports on stderr (through parse_sanitizer_output), as the grader reads them.
//
//   kitcpu_expect_diagnostic --source FILE.cu [--category CAT[,CAT...]] [--severity S]
//                            [--exit N|nonzero] [--hint TEXT] [--output TEXT] [--env NAME=VALUE]...
//                            -- PROGRAM [ARGS...]
//
// Without --category only the exit code (default 86) and the output are checked.
#include <kitcpu/diagnostic.h>
#include <kitcpu/sanitizer_report.h>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Options {
  std::string source;
  std::set<std::string> categories;
  std::string severity;
  std::string exit = "86";  // a number, or "nonzero"
  std::string hint;
  std::string output;
  std::vector<std::string> env;
  std::vector<std::string> command;
};

[[noreturn]] void usage(const std::string& problem) {
  std::cerr << "kitcpu_expect_diagnostic: " << problem << "\n"
            << "usage: kitcpu_expect_diagnostic --source FILE [--category CAT[,CAT...]] [--severity S]\n"
               "       [--exit N|nonzero] [--hint TEXT] [--output TEXT] [--env NAME=VALUE]... -- PROGRAM [ARGS...]\n";
  std::exit(2);
}

Options parse_options(int argc, char** argv) {
  Options o;
  int i = 1;
  auto value = [&](const std::string& flag) -> std::string {
    if (i + 1 >= argc) usage(flag + " needs a value");
    return argv[++i];
  };
  for (; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--") {
      o.command.assign(argv + i + 1, argv + argc);
      break;
    }
    if (a == "--source") o.source = value(a);
    else if (a == "--category") {
      std::stringstream list(value(a));
      for (std::string c; std::getline(list, c, ',');) o.categories.insert(c);
    } else if (a == "--severity") o.severity = value(a);
    else if (a == "--exit") o.exit = value(a);
    else if (a == "--hint") o.hint = value(a);
    else if (a == "--output") o.output = value(a);
    else if (a == "--env") o.env.push_back(value(a));
    else usage("unknown option " + a);
  }
  if (o.source.empty() || o.command.empty()) usage("missing --source or program");
  return o;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The lines of the source that carry the marker; empty when the diagnostic has no line to check.
std::set<int> marked_lines(const std::string& source) {
  std::set<int> lines;
  std::istringstream in(read_file(source));
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.find("// expected diagnostic") != std::string::npos) lines.insert(number);
  }
  return lines;
}

struct Run {
  int exit_code = -1;  // the program's exit status, or 128 + the signal that ended it
  std::string output;  // stdout and stderr together
};

Run run(const Options& o, const std::string& report_path) {
  std::string capture_path = report_path + ".out";
  pid_t pid = fork();
  if (pid == 0) {
    setenv("KITCPU_REPORT", report_path.c_str(), 1);
    for (const std::string& e : o.env) {
      std::size_t eq = e.find('=');
      setenv(e.substr(0, eq).c_str(), eq == std::string::npos ? "" : e.substr(eq + 1).c_str(), 1);
    }
    int fd = open(capture_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(fd, STDOUT_FILENO);
    dup2(fd, STDERR_FILENO);
    close(fd);
    std::vector<char*> args;
    for (const std::string& a : o.command) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    std::perror("execv");
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  Run r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.output = read_file(capture_path);
  std::remove(capture_path.c_str());
  return r;
}

struct Found {
  std::string origin;  // "report" (KITCPU_REPORT) or "sanitizer" (stderr)
  kitcpu::Diagnostic d;
};

std::vector<Found> diagnostics(const std::string& report_path, const Run& r, const std::string& source) {
  std::vector<Found> found;
  for (const kitcpu::Diagnostic& d : kitcpu::read_diagnostics_file(report_path))
    found.push_back(Found{"report", d});
  for (const kitcpu::Diagnostic& d : kitcpu::parse_sanitizer_output(r.output, source))
    found.push_back(Found{"sanitizer", d});
  return found;
}

std::string base_name(const std::string& path) { return path.substr(path.find_last_of('/') + 1); }

bool matches(const kitcpu::Diagnostic& d, const Options& o, const std::set<int>& lines) {
  if (!o.categories.count(d.category)) return false;
  if (!o.severity.empty() && d.severity != o.severity) return false;
  if (!o.hint.empty() && d.hint.find(o.hint) == std::string::npos) return false;
  if (lines.empty()) return true;
  return base_name(d.file) == base_name(o.source) && lines.count(d.line) > 0;
}

}  // namespace

int main(int argc, char** argv) {
  Options o = parse_options(argc, argv);
  char report_template[] = "/tmp/kitcpu-expect-XXXXXX";
  int fd = mkstemp(report_template);
  if (fd < 0) usage("cannot create a temporary file");
  close(fd);
  std::string report_path = report_template;

  Run r = run(o, report_path);
  std::vector<Found> found = diagnostics(report_path, r, o.source);
  std::remove(report_path.c_str());
  std::set<int> lines = marked_lines(o.source);

  std::cout << "exit code " << r.exit_code << "\n--- output ---\n" << r.output << "--- diagnostics ---\n";
  bool diagnosed = o.categories.empty();
  for (const Found& f : found) {
    bool ok = matches(f.d, o, lines);
    diagnosed = diagnosed || ok;
    std::cout << (ok ? "[match] " : "        ") << f.origin << ": " << kitcpu::format_diagnostic(f.d) << "\n";
  }
  bool exit_ok = o.exit == "nonzero" ? r.exit_code != 0 : r.exit_code == std::atoi(o.exit.c_str());
  bool output_ok = o.output.empty() || r.output.find(o.output) != std::string::npos;
  if (!exit_ok) std::cout << "FAIL: exit code " << r.exit_code << ", expected " << o.exit << "\n";
  if (!output_ok) std::cout << "FAIL: the output does not contain \"" << o.output << "\"\n";
  if (!diagnosed && !o.categories.empty()) {
    std::cout << "FAIL: no diagnostic of category";
    for (const std::string& c : o.categories) std::cout << " " << c;
    if (!lines.empty()) {
      std::cout << " at " << base_name(o.source) << " line";
      for (int l : lines) std::cout << " " << l;
    }
    std::cout << "\n";
  }
  return exit_ok && output_ok && diagnosed ? 0 : 1;
}
