// The kit's own JSON result (schema "cuda-memory-kit/result/v1"): every field of a GradeResult, and back.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "result/result.h"

namespace kit {

inline constexpr const char* kResultSchema = "cuda-memory-kit/result/v1";

// Every field of the result, and "regrade": {"needed", "points", "tests": [{"group", "name", "message",
// "max_score"}]}, the tests the grading could not check (result/regrade.h), which result_from_json does not read.
nlohmann::json to_json(const GradeResult& result);

// Pretty-printed (2 spaces), fields in a fixed reading order, ending in a newline. Text that is not valid
// UTF-8 (a runner's garbage, say) is written with U+FFFD in place of the bad bytes rather than failing.
std::string render_json(const GradeResult& result);

// The inverse of to_json, for tools that read results back (class gradebooks). Throws std::runtime_error
// naming the offending field ("tests[3].score: expected a number, got string") when the document is not a
// result of this schema. Fields that to_json always writes but that a reader can do without default.
GradeResult result_from_json(const nlohmann::json& document);

}  // namespace kit
