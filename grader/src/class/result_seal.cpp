#include "class/result_seal.h"

#include "util/hmac_sha256.h"

namespace kit {
namespace {

// A fixed name in front of what is hashed, so that a seal is never valid for anything but a batch result.
constexpr const char* kDomain = "cuda-memory-kit batch result seal v1\n";

// What is sealed: the document without its seal, as nlohmann::json writes it (keys sorted, no blanks), so
// that the writer and every later reader hash the same bytes however the file was laid out.
std::string sealed_bytes(nlohmann::json document) {
  if (const auto batch = document.find("batch"); batch != document.end() && batch->is_object())
    batch->erase(kSealField);
  return kDomain + document.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

std::string sealed_json_text(const nlohmann::ordered_json& document, const std::string& secret) {
  nlohmann::ordered_json sealed = document;
  sealed["batch"].erase(kSealField);
  // Hashed as a reader will see it: the text as written, parsed back.
  const std::string text = sealed.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
  sealed["batch"][kSealField] = hmac_sha256_hex(secret, sealed_bytes(nlohmann::json::parse(text)));
  return sealed.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

SealCheck check_seal(const nlohmann::json& document, const std::string& secret) {
  if (!document.is_object()) return SealCheck::missing;
  const auto batch = document.find("batch");
  if (batch == document.end() || !batch->is_object()) return SealCheck::missing;
  const auto seal = batch->find(kSealField);
  if (seal == batch->end() || !seal->is_string()) return SealCheck::missing;
  return same_digest(seal->get<std::string>(), hmac_sha256_hex(secret, sealed_bytes(document))) ? SealCheck::valid
                                                                                                : SealCheck::wrong;
}

}  // namespace kit
