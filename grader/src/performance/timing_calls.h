// What the record of runtime calls (run/runtime_calls.h) says about how a kernel was timed: the order
// of event records, launches, waits and elapsed-time reads, and the events never destroyed. Events are
// named by the record's ids ("event", and "end_event" for the stop of cudaEventElapsedTime).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace kit {

// " at file.cu:40" when the record knows where the call was made, else "".
std::string call_site(const nlohmann::json& call);

// Why the events cannot have timed a kernel, or "" when some cudaEventElapsedTime reads two recorded
// events with a launch between them, after the stop event was waited for (cudaEventSynchronize on it, a
// cudaEventQuery that found it complete, or a device or stream synchronisation).
std::string events_misused(const std::vector<nlohmann::json>& calls);

// Whether a recorded call waited until its event completed: cudaEventSynchronize, or a cudaEventQuery that
// found it complete (a loop polling until cudaSuccess has waited as surely; a cuda runner records only
// the queries that succeed, so a long poll is one record).
bool waits_for_event(const nlohmann::json& call);

// One cudaEventElapsedTime that returned a time: what the runtime returned (not what the student's code
// made of it), and how many launches the record holds between the last records of its two events.
struct EventRead {
  double elapsed_ms = 0;
  int launches = 0;
  std::string at;          // " at file.cu:40", or ""
  double launch_ms = -1;   // those launches' own durations added up (their "took_ms"); -1: not all known
};
std::vector<EventRead> event_reads(const std::vector<nlohmann::json>& calls);

// The kernel launch a timing is about, as the kit's own runner made it: the same kernel with the same
// configuration.
struct LaunchShape {
  std::string kernel;
  nlohmann::json grid, block;
};
// The first launch among `calls`, or an empty kernel name when none was made.
LaunchShape first_launch(const std::vector<nlohmann::json>& calls);

// How long each of the calls' launches of `shape` took as the runtime measured it (the record's
// "took_ms"), in order; launches of other kernels or configurations are left out.
std::vector<double> launch_durations(const std::vector<nlohmann::json>& calls, const LaunchShape& shape);

// The create calls of the events never destroyed, in order of their ids; `created` counts every event.
std::vector<const nlohmann::json*> events_left_alive(const std::vector<nlohmann::json>& calls, int* created);

}  // namespace kit
