// Moments in time as a course policy and a batch write them: an ISO 8601 date and time with its UTC offset
// ("2026-12-01T23:59:00-05:00"). A due date, the time a class was collected (`grader batch --submitted-at`)
// and Gradescope's record of when a submission was made are all read here, so they compare alike. A time
// without an offset is refused: whose midnight it means depends on the machine that reads it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace kit {

struct Timestamp {
  std::int64_t utc_seconds = 0;  // since 1970-01-01T00:00:00Z
  int offset_minutes = 0;        // the offset it was written with, kept so it is shown as written
};

// Reads "YYYY-MM-DDTHH:MM[:SS[.fraction]]" followed by "Z" or an offset (+HH:MM, +HHMM, +HH). A space may
// stand for the T and may precede the offset, as in Gradescope's export ("2024-03-01 10:00:00.000000000
// -08:00"). A fraction of a second rounds up to the next second: 23:59:00.4 is after 23:59:00. nullopt, and
// `why` says what is wrong ("has no UTC offset", "month 13 does not exist"), when it is not such a time.
std::optional<Timestamp> parse_timestamp(const std::string& text, std::string* why = nullptr);

// "2026-12-01T23:59:00-05:00", "2026-12-01T04:59:00Z" for offset 0: the time in the offset it was written with.
std::string timestamp_text(const Timestamp& time);

// Now, with this machine's UTC offset.
Timestamp timestamp_now();

// What parse_timestamp accepts, for messages: "an ISO 8601 date and time with its UTC offset, e.g. ...".
extern const char* const kTimestampExample;

}  // namespace kit
