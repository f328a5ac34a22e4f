#include "class/slurm_batch.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "class/timestamp.h"
#include "os/process.h"
#include "util/errors.h"
#include "util/text.h"

namespace kit {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr double kPollSeconds = 2;
// squeue failing this long (a controller down for good) ends the wait; the tasks may still run, and the
// same command run later collects what they wrote.
constexpr double kLostSightSeconds = 600;
constexpr std::size_t kLogLines = 20;

bool on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::stringstream folders(path ? path : "");
  std::string folder;
  while (std::getline(folders, folder, ':'))
    if (!folder.empty() && ::access((fs::path(folder) / program).c_str(), X_OK) == 0) return true;
  return false;
}

// A #SBATCH line is split at blanks, and Slurm reads % in a log's name as a pattern: a path holding
// either would be taken for something else.
void check_plain_path(const std::string& path, const std::string& option) {
  if (path.find_first_of(" \t\n\r'\"\\%") != std::string::npos)
    throw UserError(option + " " + path + " has a blank, a quote, a backslash or a % in it, which a Slurm job script "
                    "cannot name safely: choose a folder without them");
}

std::string self_path() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? "grader" : self.string();
}

ProcessResult run_tool(const std::vector<std::string>& argv) {
  ProcessRequest request;
  request.argv = argv;
  request.timeout_s = 120;
  return run_process(request);
}

std::string tool_failure(const ProcessResult& p) {
  const std::string said = last_lines(p.err.empty() ? p.out : p.err, 1);
  return describe_ending(p, 120) + (said.empty() ? "" : ": " + said);
}

// The students' task indexes are parsed from names Slurm writes: 17_3, 17_[2-4%2], 2-4, 1,3.
std::vector<int> task_range(std::string text) {
  text.erase(std::remove_if(text.begin(), text.end(), [](char c) { return c == '[' || c == ']'; }), text.end());
  text = text.substr(0, text.find('%'));
  std::vector<int> tasks;
  std::stringstream parts(text);
  std::string part;
  while (std::getline(parts, part, ',')) {
    const std::size_t dash = part.find('-');
    try {
      const int first = std::stoi(part.substr(0, dash));
      const int last = dash == std::string::npos ? first : std::stoi(part.substr(dash + 1));
      for (int t = first; t <= last && t - first < 100000; ++t) tasks.push_back(t);
    } catch (const std::exception&) {
    }
  }
  return tasks;
}

std::string field_after(const std::string& line, const std::string& key) {
  std::size_t at = line.find(" " + key);
  if (at == std::string::npos) {
    if (line.rfind(key, 0) != 0) return "";
    at = 0;
  } else {
    ++at;
  }
  const std::size_t start = at + key.size();
  return line.substr(start, line.find(' ', start) - start);
}

// The tasks of one job array: writes their lists and script, submits, waits while results land, and
// marks the students of a task that ended without grading them.
class SlurmGrading {
 public:
  SlurmGrading(const GradingWork& work, const SlurmOptions& slurm) : work_(work), slurm_(slurm) {
    out_ = work.out;
    slurm_dir_ = out_ / "slurm";
    seed_ = work.options->seed ? std::to_string(*work.options->seed) : "";
  }

  std::vector<std::string> run(const FinishedGrading& finished) {
    std::vector<std::string> keys;
    for (const Student* s : work_.students) keys.push_back(s->key);
    const int chunk = slurm_.chunk > 0 ? slurm_.chunk : kDefaultSlurmChunk;
    const std::vector<std::vector<std::string>> chunks = chunk_students(keys, chunk);
    write_task_lists(chunks);
    const fs::path script = slurm_dir_ / "job.sh";
    write_file_whole(script.string(), render_job_script(job(chunks)));

    const ProcessResult submitted = run_tool({"sbatch", "--parsable", script.string()});
    const std::optional<std::string> id = submitted.ok() ? parse_job_id(submitted.out) : std::nullopt;
    if (!id)
      throw UserError("sbatch did not take the job (" + tool_failure(submitted) + "); the job script is " +
                      script.string() + ": check --partition, --gpus-per-task and --chunk (the array's size and each task's time) "
                      "against the cluster's limits (sinfo, scontrol show partition)");
    job_id_ = *id;
    say("submitted Slurm job " + job_id_ + ": " + std::to_string(chunks.size()) +
        (chunks.size() == 1 ? " task" : " tasks") + " of up to " + std::to_string(chunk) +
        (chunk == 1 ? " student" : " students") + "; script " + script.string() + ", logs " +
        (slurm_dir_ / "task-<i>.log").string());

    std::vector<bool> landed(keys.size(), false);
    wait_for_job([&] { collect(landed, finished, false); });
    collect(landed, finished, true);
    return mark_lost(chunks, landed, finished);
  }

 private:
  void say(const std::string& line) const {
    if (slurm_.say) slurm_.say(line);
  }

  // Each task's list of students, and no stale result of theirs: a result that appears is this job's.
  void write_task_lists(const std::vector<std::vector<std::string>>& chunks) {
    std::error_code ec;
    fs::create_directories(slurm_dir_, ec);
    for (const fs::directory_entry& e : fs::directory_iterator(slurm_dir_, ec)) {
      const std::string name = e.path().filename().string();
      if (name.rfind("task-", 0) == 0) fs::remove(e.path(), ec);  // an earlier job's lists and logs
    }
    for (std::size_t t = 0; t < chunks.size(); ++t) {
      // JSON, not a line per key: a folder's name may hold a line break.
      for (const std::string& key : chunks[t]) fs::remove(out_ / "results" / (key + ".json"), ec);
      write_file_whole((slurm_dir_ / ("task-" + std::to_string(t) + ".json")).string(),
                       nlohmann::json(chunks[t]).dump(1) + "\n");
    }
  }

  SlurmJob job(const std::vector<std::vector<std::string>>& chunks) const {
    const BatchOptions& o = *work_.options;
    SlurmJob j;
    j.assignment = work_.rubric->assignment;
    j.submissions = fs::absolute(o.submissions).lexically_normal().string();
    j.out = out_.string();
    j.grader = o.grader == "/proc/self/exe" ? self_path() : o.grader;
    j.backend = work_.backend;
    j.seed = o.seed;
    j.unsandboxed = o.unsandboxed;
    j.submitted_at = o.submitted_at;
    j.jobs = std::max(1, o.jobs);
    j.tasks = static_cast<int>(chunks.size());
    std::size_t largest = 0;
    for (const auto& c : chunks) largest = std::max(largest, c.size());
    const double rounds = std::ceil(static_cast<double>(largest) / j.jobs);
    j.minutes = static_cast<long>(std::ceil(child_time_limit(*work_.rubric, j.jobs) * rounds / 60));
    j.slurm = slurm_;
    return j;
  }

  // Polls squeue until the job has left the queue, calling `tick` between polls.
  void wait_for_job(const std::function<void()>& tick) {
    Clock::time_point failing_since{};
    bool failing = false;
    for (;;) {
      std::this_thread::sleep_for(std::chrono::duration<double>(kPollSeconds));
      tick();
      const ProcessResult q = run_tool({"squeue", "--noheader", "--jobs=" + job_id_, "--format=%i"});
      if (q.ok() && last_lines(q.out, 1).empty()) return;
      if (!q.ok() && q.err.find("Invalid job id") != std::string::npos) return;  // finished and purged
      if (q.ok()) {
        failing = false;
        continue;
      }
      if (!failing) {
        failing = true;
        failing_since = Clock::now();
        say("warning: squeue failed (" + tool_failure(q) + "); still waiting for job " + job_id_);
      } else if (std::chrono::duration<double>(Clock::now() - failing_since).count() > kLostSightSeconds) {
        lost_sight_ = true;
        return;
      }
    }
  }

  // Every result a task has written since the last look becomes the student's. While the job runs, a result
  // that needs a regrade is not taken yet: its task grades the student again at its end and writes the new
  // one over it; once the job has left the queue (`job_ended`), whatever the task left is taken.
  void collect(std::vector<bool>& landed, const FinishedGrading& finished, bool job_ended) {
    for (std::size_t i = 0; i < landed.size(); ++i) {
      if (landed[i]) continue;
      const std::string key = work_.students[i]->key;
      const fs::path file = out_ / "results" / (key + ".json");
      std::error_code ec;
      if (!fs::exists(file, ec)) continue;
      try {
        // Sealed with the batch's key, which the tasks read from the batch's folder.
        ClassResult r = read_batch_result(file.string(), work_.secret);
        if (r.result.assignment != work_.rubric->assignment || r.seed != seed_ || r.backend != work_.backend) continue;
        if (!job_ended && needs_regrade(r)) continue;
        *work_.results[i] = r;
      } catch (const std::exception&) {
        continue;  // not a sealed result (yet): a task that died mid-way is caught below
      }
      landed[i] = true;
      finished(*work_.results[i]);
    }
  }

  std::map<int, std::string> task_states() const {
    ProcessResult p = run_tool({"sacct", "--noheader", "--parsable2", "--allocations", "--jobs=" + job_id_,
                                "--format=JobID,State"});
    if (p.ok() && !parse_task_states(p.out).empty()) return parse_task_states(p.out);
    p = run_tool({"scontrol", "--oneliner", "show", "job", job_id_});  // accounting off: the controller's memory
    return p.ok() ? parse_task_states(p.out) : std::map<int, std::string>{};
  }

  // The students no task graded become errors naming their task; a note per such task for the summary.
  std::vector<std::string> mark_lost(const std::vector<std::vector<std::string>>& chunks, const std::vector<bool>& landed,
                                     const FinishedGrading& finished) {
    std::vector<std::string> notes;
    if (std::find(landed.begin(), landed.end(), false) == landed.end()) return notes;
    const std::map<int, std::string> states = task_states();
    std::size_t i = 0;
    for (std::size_t t = 0; t < chunks.size(); ++t) {
      const auto state = states.find(static_cast<int>(t));
      const fs::path log = slurm_dir_ / ("task-" + std::to_string(t) + ".log");
      std::error_code ec;
      // Slurm forgets a task cancelled while pending when accounting is off; it never wrote its log.
      const std::string ended = lost_sight_                 ? "was lost from sight (squeue stopped answering; it may still run)"
                                : state != states.end()     ? "ended (" + state->second + ")"
                                : !fs::exists(log, ec)      ? "never ran (cancelled or refused before it started: no log)"
                                                            : "ended (state unknown)";
      const std::string log_tail = last_lines(read_text_file(log.string()), kLogLines);
      std::vector<std::string> lost;
      for (std::size_t k = 0; k < chunks[t].size(); ++k, ++i) {
        if (landed[i]) continue;
        lost.push_back(chunks[t][k]);
        mark_grading_error(*work_.results[i],
                           "Slurm task " + std::to_string(t) + " of job " + job_id_ + " " + ended +
                               " without grading this student; its log is " + log.string() +
                               "; run the same command again to grade them",
                           log_tail);
        finished(*work_.results[i]);
      }
      if (lost.empty()) continue;
      std::string names;
      for (const std::string& key : lost) names += (names.empty() ? "" : ", ") + key;
      notes.push_back("Slurm job " + job_id_ + ", task " + std::to_string(t) + " " + ended + ": no result for " +
                      names + "; log " + log.string());
    }
    return notes;
  }

  const GradingWork& work_;
  const SlurmOptions& slurm_;
  fs::path out_, slurm_dir_;
  std::string seed_, job_id_;
  bool lost_sight_ = false;
};

}  // namespace

std::vector<std::vector<std::string>> chunk_students(const std::vector<std::string>& keys, int chunk) {
  const std::size_t size = static_cast<std::size_t>(std::max(1, chunk));
  std::vector<std::vector<std::string>> chunks;
  for (std::size_t i = 0; i < keys.size(); i += size)
    chunks.emplace_back(keys.begin() + static_cast<std::ptrdiff_t>(i),
                        keys.begin() + static_cast<std::ptrdiff_t>(std::min(keys.size(), i + size)));
  return chunks;
}

std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string render_job_script(const SlurmJob& job) {
  const std::string slurm = job.out + "/slurm";
  std::string s = "#!/bin/bash\n";
  std::string shown = job.submissions;  // in a comment, where a line break would start a command
  for (char& c : shown) c = static_cast<unsigned char>(c) < 0x20 ? '?' : c;
  s += "# Grades " + job.assignment + " for the class in " + shown + ": task i of the array grades the\n"
       "# students listed in " + slurm + "/task-i.json into " + job.out + "/results/.\n"
       "# Written by `grader batch --slurm`, which submits it and writes the gradebook when the tasks are done.\n"
       "# To submit it again by hand: sbatch " + slurm + "/job.sh; then run the same `grader batch --slurm`\n"
       "# command: it keeps every valid result and grades (and submits) only what is still missing.\n";
  s += "#SBATCH --job-name=grade-" + job.assignment + "\n";
  s += "#SBATCH --array=0-" + std::to_string(std::max(0, job.tasks - 1)) + "\n";
  s += "#SBATCH --output=" + slurm + "/task-%a.log\n";
  s += "#SBATCH --cpus-per-task=" + std::to_string(job.jobs) + "\n";
  s += "#SBATCH --time=" + std::to_string(std::max(1L, job.minutes)) + "\n";
  if (!job.slurm.partition.empty()) s += "#SBATCH --partition=" + job.slurm.partition + "\n";
  if (job.slurm.gpus_per_task > 0) {
    // Timed runs need a GPU that nothing else uses: the GPUs asked for are the task's alone, and the
    // node too, so no other job's kernels, copies or clocks disturb a timing.
    s += "#SBATCH --gres=gpu:" + std::to_string(job.slurm.gpus_per_task) + "\n";
    s += "#SBATCH --exclusive\n";
  }
  s += "\nexec " + shell_quote(job.grader) + " batch " + shell_quote(job.assignment) + " --submissions " +
       shell_quote(job.submissions) + " --out " + shell_quote(job.out) + " --backend " + job.backend + " --jobs " +
       std::to_string(job.jobs);
  if (job.seed) s += " --seed " + std::to_string(*job.seed);
  if (job.unsandboxed) s += " --unsandboxed";
  if (!job.submitted_at.empty()) s += " --submitted-at " + shell_quote(job.submitted_at);
  s += " --slurm-task \"$SLURM_ARRAY_TASK_ID\"\n";
  return s;
}

std::optional<std::string> parse_job_id(const std::string& sbatch_output) {
  const std::string line = last_lines(sbatch_output, 1);
  const std::string id = line.substr(0, line.find(';'));
  if (id.empty() || id.find_first_not_of("0123456789") != std::string::npos) return std::nullopt;
  return id;
}

std::map<int, std::string> parse_task_states(const std::string& output) {
  std::map<int, std::string> states;
  std::stringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    std::string tasks, state;
    if (line.find("JobState=") != std::string::npos) {
      tasks = field_after(line, "ArrayTaskId=");
      state = field_after(line, "JobState=");
    } else {
      const std::size_t bar = line.find('|');
      const std::size_t underscore = line.find('_');
      if (bar == std::string::npos || underscore == std::string::npos || underscore > bar) continue;
      tasks = line.substr(underscore + 1, bar - underscore - 1);
      state = line.substr(bar + 1);
      state = state.substr(0, state.find_first_of(" |"));  // "CANCELLED by 0"
    }
    if (state.empty()) continue;
    for (int t : task_range(tasks)) states[t] = state;
  }
  return states;
}

std::vector<std::string> read_task_students(const std::string& out, const std::string& task) {
  const fs::path list = fs::path(out) / "slurm" / ("task-" + task + ".json");
  std::ifstream in(list);
  const nlohmann::json keys = nlohmann::json::parse(in, nullptr, false);
  if (!in.is_open() || keys.is_discarded() || !keys.is_array())
    throw UserError("cannot read the list of students " + list.string() + ": --slurm-task is for the job script "
                    "that `grader batch --slurm` writes; run that command again to write both afresh");
  std::vector<std::string> students;
  for (const nlohmann::json& key : keys)
    if (key.is_string()) students.push_back(key.get<std::string>());
  return students;
}

BatchOutcome run_slurm_batch(const BatchOptions& options, const SlurmOptions& slurm, const BatchListener& listener) {
  if (!on_path("sbatch"))
    throw UserError("--slurm needs Slurm's sbatch on PATH: run the batch on the cluster's login node, or put "
                    "Slurm's commands on PATH (Debian: apt-get install slurm-client); without Slurm, leave out --slurm "
                    "to grade on this machine");
  check_plain_path(fs::absolute(options.out).string(), "--out");
  if (!slurm.partition.empty()) check_plain_path(slurm.partition, "--partition");
  GradingMethod method;
  // The GPU is on the compute nodes, not here: the backend follows from the GPUs the tasks ask for, and
  // each task's grader checks that its node has one.
  method.choose_backend = [&slurm](const std::string& requested) {
    if (requested == "cuda" && slurm.gpus_per_task <= 0)
      throw UserError("--backend cuda with --slurm needs --gpus-per-task 1, so that each task gets a GPU");
    if (requested == "cpu") return std::make_pair(std::string("cpu"), std::string("asked for"));
    if (requested == "cuda") return std::make_pair(std::string("cuda"), std::string("asked for"));
    return slurm.gpus_per_task > 0
               ? std::make_pair(std::string("cuda"), std::string("auto: --gpus-per-task gives each Slurm task a GPU"))
               : std::make_pair(std::string("cpu"), std::string("auto: the Slurm tasks ask for no GPU"));
  };
  method.grade = [&slurm](const GradingWork& work, const FinishedGrading& finished) {
    return SlurmGrading(work, slurm).run(finished);
  };
  // Each task is a local batch (`grader batch --slurm-task`): it grades its own students that need a regrade
  // again at its end, on its node, before the job leaves the queue.
  method.regrade_at_end = false;
  BatchOptions o = options;
  if (o.jobs <= 0) o.jobs = 1;  // a task's gradings at a time, and the CPUs it asks for
  // The tasks start when Slurm runs them, maybe hours from now: the class was collected when this command
  // started, and every task records that time (unless Gradescope's metadata has the student's own).
  if (o.submitted_at.empty()) o.submitted_at = timestamp_text(timestamp_now());
  return run_batch(o, listener, method);
}

}  // namespace kit
