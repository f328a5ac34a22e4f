#include "reports/report_junit.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "checks/check_sections.h"
#include "result/regrade.h"
#include "run/failure_pictures.h"
#include "util/text.h"

namespace kit {
namespace {

constexpr const char* kReplacement = "\xEF\xBF\xBD";  // U+FFFD in UTF-8

// The code point at text[i] and its length in bytes; a negative code point for a byte that does not start a
// well-formed UTF-8 sequence (overlong forms and surrogates included), which then counts as one byte.
std::int32_t decode_utf8(std::string_view text, size_t i, size_t& length) {
  const auto lead = static_cast<unsigned char>(text[i]);
  length = 1;
  if (lead < 0x80) return lead;
  size_t size = 0;
  std::int32_t code = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    size = 2;
    code = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    size = 3;
    code = lead & 0x0F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    size = 4;
    code = lead & 0x07;
  } else {
    return -1;
  }
  if (i + size > text.size()) return -1;
  for (size_t k = 1; k < size; ++k) {
    const auto byte = static_cast<unsigned char>(text[i + k]);
    if ((byte & 0xC0) != 0x80) return -1;
    code = (code << 6) | (byte & 0x3F);
  }
  const bool overlong = (size == 3 && code < 0x800) || (size == 4 && code < 0x10000);
  if (overlong || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return -1;
  length = size;
  return code;
}

bool allowed_in_xml(std::int32_t code) {
  return code == 0x9 || code == 0xA || code == 0xD || (code >= 0x20 && code <= 0xD7FF) ||
         (code >= 0xE000 && code <= 0xFFFD) || (code >= 0x10000 && code <= 0x10FFFF);
}

// Up to `decimals` decimals, trailing zeros dropped: "55.36", "20", "0.0169".
std::string format_number(double value, int decimals) {
  if (!std::isfinite(value)) return std::isnan(value) ? "NaN" : (value > 0 ? "INF" : "-INF");
  const int size = std::snprintf(nullptr, 0, "%.*f", decimals, value);
  std::string text(static_cast<size_t>(size) + 1, '\0');
  std::snprintf(text.data(), text.size(), "%.*f", decimals, value);
  text.resize(static_cast<size_t>(size));
  if (text.find('.') != std::string::npos) {
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.') text.pop_back();
  }
  if (text == "-0") text = "0";
  return text;
}


class XmlWriter {
 public:
  void line(int depth, const std::string& text) {
    out_.append(static_cast<size_t>(depth) * 2, ' ');
    out_ += text;
    out_ += '\n';
  }

  void properties(int depth, const std::vector<std::pair<std::string, std::string>>& properties) {
    if (properties.empty()) return;
    line(depth, "<properties>");
    for (const auto& [name, value] : properties) {
      line(depth + 1, "<property name=\"" + xml_escape(name, true) + "\" value=\"" + xml_escape(value, true) + "\"/>");
    }
    line(depth, "</properties>");
  }

  // An element with text content; the text is written as it is (escaped), its line breaks kept.
  void text_element(int depth, const std::string& open, const std::string& close, const std::string& text) {
    out_.append(static_cast<size_t>(depth) * 2, ' ');
    out_ += open + xml_escape(text) + close + "\n";
  }

  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

struct Counts {
  int tests = 0;
  int failures = 0;
  int errors = 0;
  int skipped = 0;
  void add(TestStatus status) {
    ++tests;
    failures += status == TestStatus::failed;
    errors += status == TestStatus::error;
    skipped += status == TestStatus::skipped;
  }
  std::string attributes() const {
    return "tests=\"" + std::to_string(tests) + "\" failures=\"" + std::to_string(failures) + "\" errors=\"" +
           std::to_string(errors) + "\" skipped=\"" + std::to_string(skipped) + "\"";
  }
};

std::vector<std::pair<std::string, std::string>> run_properties(const GradeResult& result) {
  std::vector<std::pair<std::string, std::string>> properties = {
      {"score", format_number(result.score, 6)},
      {"max_score", format_number(result.max_score, 6)},
      {"backend", result.backend},
      {"sandboxed", result.sandboxed ? "true" : "false"},
  };
  const auto add_text = [&](const char* name, const std::string& value) {
    if (!value.empty()) properties.emplace_back(name, value);
  };
  const auto add_clock = [&](const char* name, int mhz) {
    if (mhz > 0) properties.emplace_back(name, std::to_string(mhz));
  };
  add_text("backend_reason", result.backend_reason);
  add_text("device", result.device.name);
  add_text("driver", result.device.driver);
  add_text("compute_capability", result.device.compute_capability);
  add_clock("sm_clock_mhz", result.device.sm_clock_mhz);
  add_clock("max_sm_clock_mhz", result.device.max_sm_clock_mhz);
  add_clock("memory_clock_mhz", result.device.memory_clock_mhz);
  add_text("title", result.title);
  add_text("submission", result.submission);
  add_text("kit_version", result.kit_version);
  // The tests the grading could not check (result/regrade.h): the grade stands once they are graded again.
  if (const std::size_t regrade = regrade_reasons(result).size(); regrade > 0)
    properties.emplace_back("regrade_tests", std::to_string(regrade));
  return properties;
}

void write_testcase(const GradeResult& result, const TestResult& test, XmlWriter& xml) {
  std::string classname = result.assignment + "." + to_string(test.category);
  if (!test.group.empty()) classname += "." + test.group;
  xml.line(2, "<testcase classname=\"" + xml_escape(classname, true) + "\" name=\"" + xml_escape(test.name, true) +
                  "\">");
  std::vector<std::pair<std::string, std::string>> properties = {
      {"score", format_number(test.score, 6)},
      {"max_score", format_number(test.max_score, 6)},
      {"visibility", test.visibility.empty() ? "visible" : test.visibility},
  };
  if (graded_by_a_person(test)) properties.emplace_back("pending", "graded by a person");
  if (needs_regrade(test)) properties.emplace_back("regrade", "not checked by this grading: grade it again");
  for (const auto& [name, value] : test.metrics) properties.emplace_back("metric." + name, format_number(value, 6));
  for (std::size_t i = 0; i < test.pictures.size(); ++i)
    properties.emplace_back("picture." + std::to_string(i + 1), test.pictures[i]);
  xml.properties(3, properties);

  const std::string message = xml_escape(first_line(test.message), true);
  std::string body = test.details.empty() ? test.message : test.details;
  if (!test.pictures.empty()) body += "\n" + describe_pictures(test.pictures);
  switch (test.status) {
    case TestStatus::passed:
      break;
    case TestStatus::failed:
      xml.text_element(3, "<failure message=\"" + message + "\" type=\"failed\">", "</failure>", body);
      break;
    case TestStatus::error:  // the grading's, never the student's failure: a test it could not check is graded again
      if (needs_regrade(test))
        xml.text_element(3, "<error message=\"regrade: " + message + "\" type=\"regrade\">", "</error>", body);
      else
        xml.text_element(3, "<error message=\"" + message + "\" type=\"error\">", "</error>", body);
      break;
    case TestStatus::skipped:
      xml.line(3, "<skipped message=\"" + message + "\"/>");
      break;
  }
  // What a passing test has to say (a throughput, say) goes where CI systems show a test's output.
  if ((test.status == TestStatus::passed || graded_by_a_person(test)) && !test.message.empty()) {
    std::string output = test.message;
    if (!test.details.empty()) output += "\n" + test.details;
    xml.text_element(3, "<system-out>", "</system-out>", output);
  }
  xml.line(2, "</testcase>");
}

}  // namespace

std::string xml_escape(std::string_view text, bool attribute) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    size_t length = 1;
    const std::int32_t code = decode_utf8(text, i, length);
    if (code < 0 || !allowed_in_xml(code)) {
      out += kReplacement;
    } else if (code == '&') {
      out += "&amp;";
    } else if (code == '<') {
      out += "&lt;";
    } else if (code == '>') {
      out += "&gt;";
    } else if (code == '\r') {
      out += "&#13;";
    } else if (attribute && code == '"') {
      out += "&quot;";
    } else if (attribute && code == '\'') {
      out += "&apos;";
    } else if (attribute && code == '\n') {
      out += "&#10;";
    } else if (attribute && code == '\t') {
      out += "&#9;";
    } else {
      out.append(text.substr(i, length));
    }
    i += length;
  }
  return out;
}

std::string render_junit(const GradeResult& result) {
  Counts total;
  for (const TestResult& test : result.tests) total.add(test.status);

  XmlWriter xml;
  xml.line(0, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
  xml.line(0, "<testsuites name=\"" + xml_escape(result.assignment, true) + "\" " + total.attributes() +
                  " time=\"" + format_number(result.execution_time_s, 3) + "\">");
  xml.properties(1, run_properties(result));

  for (const TestCategory& category : report_sections(result.tests)) {
    Counts counts;
    double score = 0;
    double max_score = 0;
    for (const TestResult& test : result.tests) {
      if (test.category != category) continue;
      counts.add(test.status);
      score += test.score;
      max_score += test.max_score;
    }
    const bool with_build_log = category == TestCategory::build && !result.build_log.empty();
    if (counts.tests == 0 && !with_build_log) continue;

    xml.line(1, "<testsuite name=\"" + xml_escape(result.assignment + "." + to_string(category), true) + "\" " +
                    counts.attributes() + ">");
    xml.properties(2, {{"score", format_number(score, 6)}, {"max_score", format_number(max_score, 6)}});
    for (const TestResult& test : result.tests) {
      if (test.category == category) write_testcase(result, test, xml);
    }
    if (with_build_log) xml.text_element(2, "<system-err>", "</system-err>", result.build_log);
    xml.line(1, "</testsuite>");
  }
  xml.line(0, "</testsuites>");
  return xml.take();
}

}  // namespace kit
