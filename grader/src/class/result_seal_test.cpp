#include "class/result_seal.h"

#include <gtest/gtest.h>

#include <string>

namespace kit {
namespace {

const std::string kSealSecret = "0123456789abcdef0123456789abcdef";

nlohmann::ordered_json sample() {
  nlohmann::ordered_json document = {{"score", 23.333333333333332}, {"max_score", 100}, {"tests", {{{"score", 1.5}}}}};
  document["batch"] = {{"key", "alice"}, {"people", {{{"name", "Alice \xff"}}}}};  // not UTF-8: replaced, still sealed
  return document;
}

TEST(ResultSeal, ASealedDocumentChecksWhateverItsLayout) {
  const nlohmann::json read = nlohmann::json::parse(sealed_json_text(sample(), kSealSecret));
  EXPECT_EQ(check_seal(read, kSealSecret), SealCheck::valid);
  // The same document written another way (compact, other key order) is still the sealed one.
  EXPECT_EQ(check_seal(nlohmann::json::parse(read.dump()), kSealSecret), SealCheck::valid);
  EXPECT_EQ(read["batch"][kSealField].get<std::string>().size(), 64u);
}

TEST(ResultSeal, AnyChangeOrAnotherKeyBreaksTheSeal) {
  const nlohmann::json read = nlohmann::json::parse(sealed_json_text(sample(), kSealSecret));
  EXPECT_EQ(check_seal(read, "another secret of thirty-two chars"), SealCheck::wrong);
  nlohmann::json edited = read;
  edited["score"] = 25000000;
  EXPECT_EQ(check_seal(edited, kSealSecret), SealCheck::wrong);
  edited = read;
  edited["tests"].push_back({{"score", 10}});
  EXPECT_EQ(check_seal(edited, kSealSecret), SealCheck::wrong);
  edited = read;
  edited["batch"]["key"] = "bob";
  EXPECT_EQ(check_seal(edited, kSealSecret), SealCheck::wrong);
  edited = read;
  edited["batch"].erase(kSealField);
  EXPECT_EQ(check_seal(edited, kSealSecret), SealCheck::missing);
  edited.erase("batch");
  EXPECT_EQ(check_seal(edited, kSealSecret), SealCheck::missing);
  EXPECT_EQ(check_seal(nlohmann::json::array(), kSealSecret), SealCheck::missing);
}

}  // namespace
}  // namespace kit
