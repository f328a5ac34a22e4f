#include "class/slurm_batch.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace kit {
namespace {

SlurmJob class_job() {
  SlurmJob job;
  job.assignment = "matmul-naive";
  job.submissions = "/home/prof/hw1/O'Brien class";
  job.out = "/scratch/hw1";
  job.grader = "/opt/kit/bin/grader";
  job.backend = "cuda";
  job.jobs = 2;
  job.tasks = 4;
  job.minutes = 95;
  return job;
}

bool has_line(const std::string& text, const std::string& line) {
  return ("\n" + text).find("\n" + line + "\n") != std::string::npos;
}

TEST(SlurmBatch, StudentsAreChunkedInOrderWithTheRestInTheLastTask) {
  const std::vector<std::string> keys = {"a", "b", "c", "d", "e"};
  const auto chunks = chunk_students(keys, 2);
  ASSERT_EQ(chunks.size(), 3u);
  EXPECT_EQ(chunks[0], (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(chunks[2], (std::vector<std::string>{"e"}));
  EXPECT_EQ(chunk_students(keys, 10).size(), 1u);
  EXPECT_EQ(chunk_students(keys, 0).size(), 5u);  // never a chunk of none
  EXPECT_TRUE(chunk_students({}, 3).empty());
}

TEST(SlurmBatch, TheJobScriptIsAnArrayOfTasksGradingTheirOwnList) {
  const std::string script = render_job_script(class_job());
  EXPECT_EQ(script.rfind("#!/bin/bash\n", 0), 0u);
  EXPECT_TRUE(has_line(script, "#SBATCH --array=0-3"));
  EXPECT_TRUE(has_line(script, "#SBATCH --output=/scratch/hw1/slurm/task-%a.log"));
  EXPECT_TRUE(has_line(script, "#SBATCH --cpus-per-task=2"));
  EXPECT_TRUE(has_line(script, "#SBATCH --time=95"));
  EXPECT_EQ(script.find("--partition"), std::string::npos);
  EXPECT_EQ(script.find("--gres"), std::string::npos);
  EXPECT_TRUE(has_line(script, "exec '/opt/kit/bin/grader' batch 'matmul-naive' --submissions "
                               "'/home/prof/hw1/O'\\''Brien class' --out '/scratch/hw1' --backend cuda --jobs 2 "
                               "--slurm-task \"$SLURM_ARRAY_TASK_ID\""));
  // Every #SBATCH line comes before the first command, or sbatch ignores it.
  EXPECT_LT(script.rfind("#SBATCH"), script.find("exec "));
}

TEST(SlurmBatch, TimedRunsGetTheirGpusAndNodeToThemselves) {
  SlurmJob job = class_job();
  job.slurm.gpus_per_task = 1;
  job.slurm.partition = "gpu-a100";
  job.seed = 31337;
  job.unsandboxed = true;
  const std::string script = render_job_script(job);
  EXPECT_TRUE(has_line(script, "#SBATCH --gres=gpu:1"));
  EXPECT_TRUE(has_line(script, "#SBATCH --exclusive"));
  EXPECT_TRUE(has_line(script, "#SBATCH --partition=gpu-a100"));
  EXPECT_NE(script.find(" --seed 31337 --unsandboxed --slurm-task"), std::string::npos);
}

TEST(SlurmBatch, ShellQuotingSurvivesEveryCharacter) {
  EXPECT_EQ(shell_quote("plain"), "'plain'");
  EXPECT_EQ(shell_quote("it's $HOME `x`"), "'it'\\''s $HOME `x`'");
  EXPECT_EQ(shell_quote(""), "''");
}

TEST(SlurmBatch, TheJobIdIsReadFromSbatchParsableOutput) {
  EXPECT_EQ(parse_job_id("17\n"), "17");
  EXPECT_EQ(parse_job_id("4242;gpu-cluster\n"), "4242");
  EXPECT_EQ(parse_job_id("sbatch: warning: something\n99\n"), "99");
  EXPECT_FALSE(parse_job_id("").has_value());
  EXPECT_FALSE(parse_job_id("Submitted batch job\n").has_value());
}

TEST(SlurmBatch, TaskStatesComeFromSacct) {
  const auto states = parse_task_states("17_0|COMPLETED\n17_1|TIMEOUT\n17_2|CANCELLED by 0\n17_[3-4]|NODE_FAIL\n");
  ASSERT_EQ(states.size(), 5u);
  EXPECT_EQ(states.at(0), "COMPLETED");
  EXPECT_EQ(states.at(1), "TIMEOUT");
  EXPECT_EQ(states.at(2), "CANCELLED");
  EXPECT_EQ(states.at(4), "NODE_FAIL");
}

TEST(SlurmBatch, TaskStatesComeFromScontrolWhenAccountingIsOff) {
  const std::string scontrol =
      "JobId=18 ArrayJobId=17 ArrayTaskId=1 JobName=grade-matmul-naive JobState=COMPLETED Reason=None\n"
      "JobId=17 ArrayJobId=17 ArrayTaskId=2-3%2 JobName=grade-matmul-naive JobState=CANCELLED Reason=None\n";
  const auto states = parse_task_states(scontrol);
  ASSERT_EQ(states.size(), 3u);
  EXPECT_EQ(states.at(1), "COMPLETED");
  EXPECT_EQ(states.at(2), "CANCELLED");
  EXPECT_EQ(states.at(3), "CANCELLED");
  EXPECT_TRUE(parse_task_states("slurm_load_jobs error: Invalid job id specified\n").empty());
}

}  // namespace
}  // namespace kit
