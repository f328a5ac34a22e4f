// What the record of runtime calls (kit/runtime_calls.h) says about how a kernel was timed: the order
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
// events with a launch between them, after the stop event was waited for (cudaEventSynchronize on it,
// or a device or stream synchronisation).
std::string events_misused(const std::vector<nlohmann::json>& calls);

// The create calls of the events never destroyed, in order of their ids; `created` counts every event.
std::vector<const nlohmann::json*> events_left_alive(const std::vector<nlohmann::json>& calls, int* created);

}  // namespace kit
