// `grader batch`: grade a whole class, one child grading per student, and write its gradebook. Exit 0
// when the batch completed, whatever the grades.
#include <cstdio>
#include <iostream>
#include <memory>
#include <unistd.h>

#include "class/batch.h"
#include "class/slurm_batch.h"
#include "commands/commands.h"
#include "commands/report_output.h"
#include "result/regrade.h"
#include "util/errors.h"

namespace kit {
namespace {

std::string duration_text(double seconds) {
  const long s = static_cast<long>(seconds + 0.5);
  if (s < 60) return std::to_string(s) + " s";
  if (s < 3600) return std::to_string(s / 60) + " min " + std::to_string(s % 60) + " s";
  return std::to_string(s / 3600) + " h " + std::to_string(s % 3600 / 60) + " min";
}

std::string points(double value) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", value);
  return buf;
}

// A terminal gets one progress line rewritten in place; a log gets one plain line per student.
void show_progress(const BatchProgress& p, bool terminal) {
  const ClassResult& r = *p.result;
  // The regrade at the end counts its own students: "[regrade 1/2]".
  const std::string counts =
      "[" + std::string(p.regrade ? "regrade " : "") + std::to_string(p.done) + "/" + std::to_string(p.total) + "]";
  if (terminal) {
    std::string line = counts + " done, " + std::to_string(p.errors) + (p.errors == 1 ? " error" : " errors") + ", " +
                       std::to_string(p.missing) + " without a submission";
    if (p.done < p.total)
      line += p.eta_seconds >= 0 ? ", about " + duration_text(p.eta_seconds) + " left" : ", grading the first...";
    std::cout << "\r\033[K" << line << (p.done == p.total ? "\n" : "") << std::flush;
    return;
  }
  std::string line = counts + " " + r.key + ": " + points(r.result.score) + " / " + points(r.result.max_score) + ", " +
                     gradebook_status(r);
  if (p.kept) line += " (kept from an earlier run)";
  else if (r.status == ClassStatus::graded) line += " in " + duration_text(r.result.execution_time_s);
  else if (r.status == ClassStatus::error && !r.result.tests.empty()) line += ": " + r.result.tests.front().message;
  if (needs_regrade(r)) {
    const RegradeReason first = regrade_reasons(r.result).front();
    line += ": " + first.name + ": " + first.why;
  }
  for (char& c : line) c = static_cast<unsigned char>(c) < 0x20 ? ' ' : c;  // names are the students' doing
  std::cout << line << "\n" << std::flush;
}

}  // namespace

Command add_batch_command(CLI::App& app) {
  struct State {
    BatchOptions options;
    std::uint64_t seed = 0;
    CLI::Option* seed_option = nullptr;
    bool slurm = false;
    SlurmOptions slurm_options;
  };
  auto state = std::make_shared<State>();
  static const std::vector<std::string> backends = {"auto", "cuda", "cpu"};
  CLI::App* command = app.add_subcommand("batch", "grade a whole class (one folder per student, a Gradescope export "
                                                  "or GitHub Classroom clones) and write its gradebook; exit 0 when "
                                                  "the batch completed, whatever the grades");
  BatchOptions& o = state->options;
  command->add_option("assignment", o.assignment, "the assignment, e.g. matmul-tiled")->required();
  command->add_option("--submissions", o.submissions, "the class's folder: one folder per student")->required();
  command->add_option("--jobs", o.jobs, "gradings at a time (default: half the cores)")->check(CLI::Range(1, 256));
  command->add_option("--out", o.out, "the batch's folder: results/, gradebook.csv, summary.txt "
                                      "(default: batch-<assignment>)");
  command->add_option("--backend", o.backend, "auto (GPU if usable, else CPU), cuda or cpu, for the whole class")
      ->check(CLI::IsMember(backends));
  state->seed_option = command->add_option("--seed", state->seed, "the grading seed: draws hidden sizes and input "
                                                                  "seeds (keep it secret until grades are out)");
  command->add_flag("--unsandboxed", o.unsandboxed, kUnsandboxedHelp);
  command->add_option("--submitted-at", o.submitted_at,
                      "when the class's submissions were collected, with its UTC offset (2026-12-01T23:59:00-05:00); "
                      "default: when the batch starts. A Gradescope export's own times win over it");
  command->add_option("--policy", o.policy, "the course policy (due date, late penalty) for the gradebook; default: "
                                            "the course tree's course-policy.yaml, if any");
  CLI::Option* slurm = command->add_flag("--slurm", state->slurm, "grade on a Slurm cluster: a job array, one task per "
                                                                   "--chunk students, then the gradebook here");
  SlurmOptions& so = state->slurm_options;
  command->add_option("--partition", so.partition, "with --slurm: the partition the tasks run in")->needs(slurm);
  command->add_option("--gpus-per-task", so.gpus_per_task, "with --slurm: GPUs per task, each task's alone "
                                                           "(--gres=gpu:N --exclusive); needed for timed runs")
      ->check(CLI::Range(1, 16))->needs(slurm);
  command->add_option("--chunk", so.chunk, "with --slurm: students per task (default " +
                                               std::to_string(kDefaultSlurmChunk) + ")")
      ->check(CLI::Range(1, 100000))->needs(slurm);
  // Only the job script --slurm writes uses this: grade the students of one array task.
  command->add_option("--slurm-task", o.task)->group("")->excludes(slurm);
  return {command, [state] {
            BatchOptions o = state->options;
            if (*state->seed_option) o.seed = state->seed;
            if (o.out.empty()) o.out = "batch-" + o.assignment;
            const bool terminal = ::isatty(1);
            const BatchListener listener = [terminal](const BatchProgress& p) { show_progress(p, terminal); };
            if (!o.task.empty()) {  // one task of a Slurm batch: its results only, one line per student
              if (o.task.find_first_not_of("0123456789") != std::string::npos)
                throw UserError("--slurm-task " + o.task + " is not an array task's index (0, 1, ...)");
              o.task_students = read_task_students(o.out, o.task);
              if (o.jobs <= 0) o.jobs = 1;
              run_batch(o, [](const BatchProgress& p) { show_progress(p, false); });
              return kExitOk;
            }
            BatchOutcome outcome;
            if (state->slurm) {
              SlurmOptions so = state->slurm_options;
              so.say = [](const std::string& line) { std::cout << line << "\n" << std::flush; };
              if (o.jobs <= 0) o.jobs = 1;
              std::cout << "grading " << o.assignment << " for the class in " << o.submissions << " on Slurm, "
                        << o.jobs << (o.jobs == 1 ? " grading" : " gradings") << " at a time in each task\n"
                        << std::flush;
              outcome = run_slurm_batch(o, so, [](const BatchProgress& p) { show_progress(p, false); });
            } else {
              if (o.jobs <= 0) o.jobs = default_batch_jobs();
              std::cout << "grading " << o.assignment << " for the class in " << o.submissions << ", " << o.jobs
                        << (o.jobs == 1 ? " grading" : " gradings") << " at a time\n" << std::flush;
              outcome = run_batch(o, listener);
            }
            for (const std::string& warning : outcome.roster.warnings) std::cout << "warning: " << warning << "\n";
            std::cout << "\n" << render_class_summary(outcome.results) << "\n";
            for (const std::string& note : outcome.notes) std::cout << note << "\n";
            std::cout
                      << outcome.results.size() << " students (" << to_string(outcome.roster.layout) << "), "
                      << outcome.graded << " graded now, " << outcome.kept << " kept from an earlier run; backend "
                      << outcome.backend << " (" << outcome.backend_reason << ")\n"
                      << "gradebook: " << outcome.gradebook_path << "\nsummary:   " << outcome.summary_path << "\n";
            return kExitOk;
          }};
}

}  // namespace kit
