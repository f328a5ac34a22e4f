// The seal on a batch's result file: HMAC-SHA256 (util/hmac_sha256.h), keyed with the batch's grading key
// (class/grading_key.h), of everything else in the file. A file that someone without the key wrote or edited
// (a score raised, a test added, a result copied from another batch) does not carry a valid seal.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace kit {

// Where the seal sits in a result's JSON: under "batch".
inline constexpr const char* kSealField = "hmac_sha256";

// `document` (a batch's result: an object with a "batch" object) as the text to write, sealed with
// `secret`. Bytes that are not UTF-8 become U+FFFD, as in every result the kit writes.
std::string sealed_json_text(const nlohmann::ordered_json& document, const std::string& secret);

enum class SealCheck { valid, missing, wrong };

// Whether `document`, as read back from a file, carries a seal that `secret` made over what it holds.
SealCheck check_seal(const nlohmann::json& document, const std::string& secret);

}  // namespace kit
