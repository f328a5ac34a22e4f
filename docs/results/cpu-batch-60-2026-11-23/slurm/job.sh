#!/bin/bash
# Grades matmul-naive for the class in /tmp/slurm60/class: task i of the array grades the
# students listed in /tmp/slurm60/out/slurm/task-i.json into /tmp/slurm60/out/results/.
# Written by `grader batch --slurm`, which submits it and writes the gradebook when the tasks are done.
# To submit it again by hand: sbatch /tmp/slurm60/out/slurm/job.sh; then run the same `grader batch --slurm`
# command: it keeps every valid result and grades (and submits) only what is still missing.
#SBATCH --job-name=grade-matmul-naive
#SBATCH --array=0-5
#SBATCH --output=/tmp/slurm60/out/slurm/task-%a.log
#SBATCH --cpus-per-task=1
#SBATCH --time=470

exec '/work/main/build/bin/grader' batch 'matmul-naive' --submissions '/tmp/slurm60/class' --out '/tmp/slurm60/out' --backend cpu --jobs 1 --slurm-task "$SLURM_ARRAY_TASK_ID"
