// Runs a program built with the CPU backend's access flavour and checks its KITCPU_ACCESS_REPORT
// against the source: every line marked
//     // access: load global sectors=4 requests=128; store shared conflicts=31 wavefronts=32
// must have a record of that kind and space whose figures per request (sectors, bank conflicts,
// wavefronts) and total requests are exactly those, and every record must sit on a marked line
// with its kind and space (an access the markers do not expect is a failure too). Two loads of one
// kind on one line are two clauses, matched to the records in column order.
//
//   kitcpu_expect_access --source FILE.cu [--blocks N] [--env NAME=VALUE]... [--sentence TEXT]...
//                        [--same-output-as PROGRAM] -- PROGRAM [ARGS...]
//
// --blocks sets KITCPU_ACCESS_BLOCKS (default 0, every block); with a sample, requests= is not
// checked and no record may come from more than N blocks. --sentence: a regular expression (ECMAScript)
// that one of the records, formatted for a student with the source at hand, must match. --same-output-as: a build of the same
// program in another flavour, whose standard output with the same arguments must be identical.
#include <kitcpu/access_report.h>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

namespace {

struct Options {
  std::string source;
  std::string blocks = "0";
  std::vector<std::string> env;
  std::vector<std::string> sentences;
  std::string same_output_as;
  std::vector<std::string> command;
};

[[noreturn]] void usage(const std::string& problem) {
  std::cerr << "kitcpu_expect_access: " << problem << "\n"
            << "usage: kitcpu_expect_access --source FILE [--blocks N] [--env NAME=VALUE]... [--sentence TEXT]...\n"
               "       [--same-output-as PROGRAM] -- PROGRAM [ARGS...]\n";
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
    const std::string a = argv[i];
    if (a == "--") {
      o.command.assign(argv + i + 1, argv + argc);
      break;
    }
    if (a == "--source") o.source = value(a);
    else if (a == "--blocks") o.blocks = value(a);
    else if (a == "--env") o.env.push_back(value(a));
    else if (a == "--sentence") o.sentences.push_back(value(a));
    else if (a == "--same-output-as") o.same_output_as = value(a);
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

// One clause of a marker: what one record must say.
struct Expectation {
  int line = 0;
  std::string kind;
  std::string space;
  std::map<std::string, double> figures;  // sectors, conflicts, wavefronts (per request), requests (total)
};

std::vector<Expectation> read_markers(const std::string& source) {
  std::vector<Expectation> expectations;
  std::istringstream in(source);
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    const auto marker = line.find("// access:");
    if (marker == std::string::npos) continue;
    std::stringstream clauses(line.substr(marker + 10));
    for (std::string clause; std::getline(clauses, clause, ';');) {
      std::istringstream words(clause);
      Expectation e;
      e.line = number;
      words >> e.kind >> e.space;
      for (std::string pair; words >> pair;) {
        const auto eq = pair.find('=');
        if (eq == std::string::npos) usage("bad marker at line " + std::to_string(number) + ": " + pair);
        e.figures[pair.substr(0, eq)] = std::atof(pair.c_str() + eq + 1);
      }
      if (e.kind.empty() || e.space.empty()) usage("bad marker at line " + std::to_string(number));
      expectations.push_back(e);
    }
  }
  return expectations;
}

struct Run {
  int exit_code = -1;
  std::string out;  // standard output
  std::string err;  // standard error
};

Run run(const std::vector<std::string>& command, const std::vector<std::string>& env, const std::string& scratch) {
  const std::string out_path = scratch + ".out", err_path = scratch + ".err";
  const pid_t pid = fork();
  if (pid == 0) {
    for (const std::string& e : env) {
      const std::size_t eq = e.find('=');
      setenv(e.substr(0, eq).c_str(), eq == std::string::npos ? "" : e.substr(eq + 1).c_str(), 1);
    }
    const int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(out, STDOUT_FILENO);
    dup2(err, STDERR_FILENO);
    std::vector<char*> args;
    for (const std::string& a : command) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    std::perror("execv");
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  Run r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_file(out_path);
  r.err = read_file(err_path);
  std::remove(out_path.c_str());
  std::remove(err_path.c_str());
  return r;
}

double figure(const kitcpu::AccessRecord& r, const std::string& name) {
  if (name == "sectors") return kitcpu::sectors_per_request(r);
  if (name == "conflicts") return kitcpu::bank_conflicts_per_request(r);
  if (name == "wavefronts") return kitcpu::wavefronts_per_request(r);
  if (name == "requests") return static_cast<double>(r.requests);
  return NAN;
}

std::string describe(const kitcpu::AccessRecord& r) {
  std::ostringstream s;
  s << r.kernel << " line " << r.line << " column " << r.column << " " << r.kind << " " << r.space << " size "
    << r.size << ": " << r.requests << " requests from " << r.blocks << " blocks, ";
  if (r.space == "shared") {
    s << kitcpu::wavefronts_per_request(r) << " wavefronts and " << kitcpu::bank_conflicts_per_request(r)
      << " conflicts per request";
  } else {
    s << kitcpu::sectors_per_request(r) << " sectors per request";
  }
  return s.str();
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse_options(argc, argv);
  char scratch_template[] = "/tmp/kitcpu-expect-access-XXXXXX";
  const int fd = mkstemp(scratch_template);
  if (fd < 0) usage("cannot create a temporary file");
  close(fd);
  const std::string report = scratch_template;

  std::vector<std::string> env = {"KITCPU_ACCESS_REPORT=" + report, "KITCPU_ACCESS_BLOCKS=" + o.blocks};
  env.insert(env.end(), o.env.begin(), o.env.end());
  const Run r = run(o.command, env, report);
  const std::vector<kitcpu::AccessRecord> records = kitcpu::read_access_file(report);
  std::remove(report.c_str());

  const std::string source = read_file(o.source);
  std::cout << "exit code " << r.exit_code << "\n--- output ---\n" << r.out << r.err << "--- records ---\n";
  bool ok = r.exit_code == 0;
  if (!ok) std::cout << "FAIL: exit code " << r.exit_code << "\n";

  // Records of one line, kind and space in column order, paired with that line's clauses in order.
  std::map<std::tuple<int, std::string, std::string>, std::vector<const kitcpu::AccessRecord*>> by_place;
  for (const kitcpu::AccessRecord& record : records) {
    by_place[{record.line, record.kind, record.space}].push_back(&record);
  }
  for (auto& [place, list] : by_place) {
    std::stable_sort(list.begin(), list.end(), [](const auto* a, const auto* b) { return a->column < b->column; });
  }
  std::map<std::tuple<int, std::string, std::string>, std::size_t> used;
  const bool sampled = o.blocks != "0";
  for (const Expectation& e : read_markers(source)) {
    const auto place = std::make_tuple(e.line, e.kind, e.space);
    const std::size_t index = used[place]++;
    const auto it = by_place.find(place);
    if (it == by_place.end() || index >= it->second.size()) {
      std::cout << "FAIL: no record of a " << e.kind << " in " << e.space << " memory at line " << e.line << "\n";
      ok = false;
      continue;
    }
    const kitcpu::AccessRecord& record = *it->second[index];
    for (const auto& [name, expected] : e.figures) {
      if (name == "requests" && sampled) continue;
      const double got = figure(record, name);
      if (std::isnan(got)) usage("unknown figure " + name + " at line " + std::to_string(e.line));
      if (std::fabs(got - expected) > 1e-9) {
        std::cout << "FAIL: line " << e.line << " " << e.kind << " " << e.space << ": " << name << " " << got
                  << ", expected " << expected << "\n";
        ok = false;
      }
    }
  }
  for (const auto& [place, list] : by_place) {
    const std::size_t expected = used.count(place) ? used.at(place) : 0;
    for (std::size_t i = expected; i < list.size(); ++i) {
      std::cout << "FAIL: an access no marker expects: " << describe(*list[i]) << "\n";
      ok = false;
    }
  }

  std::vector<std::string> sentences;
  for (const kitcpu::AccessRecord& record : records) {
    std::cout << describe(record) << "\n  " << kitcpu::format_access_record(record, source) << "\n";
    sentences.push_back(kitcpu::format_access_record(record, source));
    if (sampled && record.blocks > std::atoll(o.blocks.c_str())) {
      std::cout << "FAIL: " << record.blocks << " blocks recorded, at most " << o.blocks << " expected\n";
      ok = false;
    }
  }
  for (const std::string& wanted : o.sentences) {
    const std::regex pattern(wanted);
    const bool found = std::any_of(sentences.begin(), sentences.end(),
                                   [&](const std::string& s) { return std::regex_search(s, pattern); });
    if (!found) {
      std::cout << "FAIL: no sentence matches \"" << wanted << "\"\n";
      ok = false;
    }
  }

  if (!o.same_output_as.empty()) {
    std::vector<std::string> other = o.command;
    other[0] = o.same_output_as;
    const Run reference = run(other, o.env, report);
    if (reference.exit_code != r.exit_code || reference.out != r.out) {
      std::cout << "FAIL: " << o.same_output_as << " printed something else (exit code " << reference.exit_code
                << "):\n" << reference.out;
      ok = false;
    } else {
      std::cout << "same output as " << o.same_output_as << "\n";
    }
  }
  return ok ? 0 : 1;
}
