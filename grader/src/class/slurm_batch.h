// Grading a class on a Slurm cluster: `grader batch --slurm`. The students to grade are split into
// chunks, one Slurm array task per chunk; each task is the grader itself grading its chunk the way a
// local batch does (a child grading per student, results written whole, valid results kept), and this
// side submits the job script, waits for the array while results land, and writes the gradebook. A task
// that ends without grading its students (node failure, time limit, cancelled) leaves them marked as
// errors, and the summary names the task. docs/batch.md is the instructor's guide.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "class/batch.h"

namespace kit {

struct SlurmOptions {
  std::string partition;   // empty: the cluster's default partition
  int gpus_per_task = 0;   // > 0: each task gets that many GPUs to itself, and its node to itself
  int chunk = 0;           // students per task; 0: kDefaultSlurmChunk
  std::function<void(const std::string&)> say;  // lines for the instructor: the job submitted, what it waits for
};

inline constexpr int kDefaultSlurmChunk = 5;

// What the job script says: everything an instructor needs to read it and submit it again.
struct SlurmJob {
  std::string assignment, submissions, out, grader;  // absolute paths, the same on every node
  std::string backend;                               // cuda | cpu
  std::optional<std::uint64_t> seed;
  bool unsandboxed = false;
  std::string submitted_at;  // the time of the class's submissions the tasks record (BatchOptions)
  int jobs = 1;         // gradings at a time in each task
  int tasks = 0;        // array tasks 0 .. tasks-1
  long minutes = 0;     // each task's time limit
  SlurmOptions slurm;
};

// The students to grade, in order, `chunk` per task (the last task may have fewer).
std::vector<std::vector<std::string>> chunk_students(const std::vector<std::string>& keys, int chunk);

// The job script: #SBATCH lines for the array, its logs (<out>/slurm/task-<i>.log), CPUs, time, partition
// and GPUs, then the grader grading task $SLURM_ARRAY_TASK_ID's chunk.
std::string render_job_script(const SlurmJob& job);

// `text` quoted for a POSIX shell: in single quotes, each single quote written as '\''.
std::string shell_quote(const std::string& text);

// The job id in `sbatch --parsable`'s output ("17" or "17;cluster"); nullopt when there is none.
std::optional<std::string> parse_job_id(const std::string& sbatch_output);

// Each array task's final state ("COMPLETED", "TIMEOUT", "NODE_FAIL", "CANCELLED", ...), by task index,
// from `sacct --parsable2 --noheader --format=JobID,State` or, where accounting is off, from
// `scontrol --oneliner show job` (pending task ranges such as ArrayTaskId=2-4 name each task).
std::map<int, std::string> parse_task_states(const std::string& sacct_or_scontrol_output);

// Grades the class through a Slurm job array and writes the batch's files as run_batch does, with
// <out>/slurm/job.sh, task-<i>.json (the keys of task i's students) and task-<i>.log beside them.
// Throws UserError when sbatch is not on PATH, when sbatch refuses the job, and for run_batch's bad input.
BatchOutcome run_slurm_batch(const BatchOptions& options, const SlurmOptions& slurm, const BatchListener& listener);

// The keys in a task's list (task-<i>.json), for the task's own grader. Throws UserError when missing.
std::vector<std::string> read_task_students(const std::string& out, const std::string& task);

}  // namespace kit
