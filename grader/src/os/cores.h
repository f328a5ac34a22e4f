// The cores this process may run on: its CPU affinity, which a Slurm task, taskset or a container's cpuset
// narrows, not every core of the machine. At least 1.
#pragma once

namespace kit {

int usable_cores();

}  // namespace kit
