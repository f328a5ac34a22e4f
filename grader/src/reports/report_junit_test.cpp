#include "reports/report_junit.h"

#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "reports/report_test_sample.h"

namespace kit {
namespace {

constexpr const char* kReplacement = "\xEF\xBF\xBD";

// Just enough XML to read render_junit's output back: the declaration, elements, double-quoted attributes,
// text, the five predefined entities and decimal character references. Anything else throws.
struct Element {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::vector<Element> children;
  std::string text;

  std::vector<const Element*> all(const std::string& child_name) const {
    std::vector<const Element*> found;
    for (const Element& child : children) {
      if (child.name == child_name) found.push_back(&child);
    }
    return found;
  }
  const Element& only(const std::string& child_name) const {
    const auto found = all(child_name);
    if (found.size() != 1) throw std::runtime_error("expected one <" + child_name + "> in <" + name + ">");
    return *found.front();
  }
  std::map<std::string, std::string> properties() const {
    std::map<std::string, std::string> values;
    for (const Element* property : only("properties").all("property")) {
      values[property->attributes.at("name")] = property->attributes.at("value");
    }
    return values;
  }
};

class MiniXml {
 public:
  explicit MiniXml(std::string_view text) : text_(text) {}

  Element document() {
    if (text_.substr(0, 5) == "<?xml") pos_ = text_.find("?>") + 2;
    skip_space();
    Element root = element();
    skip_space();
    if (pos_ != text_.size()) throw std::runtime_error("content after the root element");
    return root;
  }

 private:
  Element element() {
    expect('<');
    Element out;
    out.name = name();
    for (;;) {
      skip_space();
      if (text_.substr(pos_, 2) == "/>") {
        pos_ += 2;
        return out;
      }
      if (peek() == '>') break;
      const std::string attribute = name();
      expect('=');
      expect('"');
      const size_t end = text_.find('"', pos_);
      if (end == std::string_view::npos) throw std::runtime_error("unterminated attribute");
      const std::string_view raw = text_.substr(pos_, end - pos_);
      if (raw.find('<') != std::string_view::npos) throw std::runtime_error("'<' in an attribute");
      out.attributes[attribute] = unescape(raw);
      pos_ = end + 1;
    }
    ++pos_;
    for (;;) {
      if (text_.substr(pos_, 2) == "</") {
        pos_ += 2;
        if (name() != out.name) throw std::runtime_error("mismatched end tag of <" + out.name + ">");
        expect('>');
        return out;
      }
      if (peek() == '<') {
        out.children.push_back(element());
        continue;
      }
      const size_t end = text_.find('<', pos_);
      if (end == std::string_view::npos) throw std::runtime_error("unterminated <" + out.name + ">");
      const std::string_view raw = text_.substr(pos_, end - pos_);
      if (raw.find('>') != std::string_view::npos) throw std::runtime_error("raw '>' in text");
      out.text += unescape(raw);
      pos_ = end;
    }
  }

  std::string name() {
    const size_t start = pos_;
    while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '-' ||
                                   text_[pos_] == '_' || text_[pos_] == '.')) {
      ++pos_;
    }
    if (pos_ == start) throw std::runtime_error("expected a name at " + std::to_string(start));
    return std::string(text_.substr(start, pos_ - start));
  }

  static std::string unescape(std::string_view raw) {
    std::string out;
    for (size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] != '&') {
        out += raw[i];
        continue;
      }
      const size_t end = raw.find(';', i);
      if (end == std::string_view::npos) throw std::runtime_error("bare '&'");
      const std::string_view entity = raw.substr(i + 1, end - i - 1);
      if (entity == "amp") out += '&';
      else if (entity == "lt") out += '<';
      else if (entity == "gt") out += '>';
      else if (entity == "quot") out += '"';
      else if (entity == "apos") out += '\'';
      else if (entity.size() > 1 && entity[0] == '#' && std::stoi(std::string(entity.substr(1))) < 0x80) {
        out += static_cast<char>(std::stoi(std::string(entity.substr(1))));
      } else {
        throw std::runtime_error("unknown entity &" + std::string(entity) + ";");
      }
      i = end;
    }
    return out;
  }

  char peek() const {
    if (pos_ >= text_.size()) throw std::runtime_error("unexpected end");
    return text_[pos_];
  }
  void expect(char c) {
    if (peek() != c) throw std::runtime_error(std::string("expected '") + c + "' at " + std::to_string(pos_));
    ++pos_;
  }
  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }

  std::string_view text_;
  size_t pos_ = 0;
};

Element parse(const std::string& xml) { return MiniXml(xml).document(); }

// Every character is one XML 1.0 allows: no control characters but tab and line feed.
bool only_xml_characters(const std::string& text) {
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 && c != '\n' && c != '\t') return false;
  }
  return true;
}

TEST(XmlEscape, MarkupCharacters) {
  EXPECT_EQ(xml_escape("a < b && c > d"), "a &lt; b &amp;&amp; c &gt; d");
  EXPECT_EQ(xml_escape("]]>"), "]]&gt;");
  EXPECT_EQ(xml_escape("say \"hi\" it's"), "say \"hi\" it's");
  EXPECT_EQ(xml_escape("say \"hi\" it's", true), "say &quot;hi&quot; it&apos;s");
}

TEST(XmlEscape, LineBreaksAndTabs) {
  EXPECT_EQ(xml_escape("a\nb\tc"), "a\nb\tc");
  EXPECT_EQ(xml_escape("a\nb\tc", true), "a&#10;b&#9;c");
  EXPECT_EQ(xml_escape("a\r\nb"), "a&#13;\nb");
}

TEST(XmlEscape, ForbiddenControlCharactersAreReplaced) {
  EXPECT_EQ(xml_escape(std::string("a\0b", 3)), std::string("a") + kReplacement + "b");
  EXPECT_EQ(xml_escape("\x1b[31mred\x1b[0m"), std::string(kReplacement) + "[31mred" + kReplacement + "[0m");
  EXPECT_EQ(xml_escape("\x01\x08\x0b\x0c\x1f", true), std::string(kReplacement) + kReplacement + kReplacement +
                                                          kReplacement + kReplacement);
  EXPECT_EQ(xml_escape("\xEF\xBF\xBE"), kReplacement);  // U+FFFE is not a character
}

TEST(XmlEscape, InvalidUtf8IsReplaced) {
  EXPECT_EQ(xml_escape("a\xff" "b"), std::string("a") + kReplacement + "b");
  EXPECT_EQ(xml_escape("\xc3"), kReplacement);              // truncated sequence
  EXPECT_EQ(xml_escape("\xc0\xaf"), std::string(kReplacement) + kReplacement);  // overlong '/'
  EXPECT_EQ(xml_escape("\xed\xa0\x80"), std::string(kReplacement) + kReplacement + kReplacement);  // surrogate
}

TEST(XmlEscape, ValidUtf8IsKept) {
  EXPECT_EQ(xml_escape("Width 17 — 33 wrong, µs, 😀"), "Width 17 — 33 wrong, µs, 😀");
}

TEST(JunitReport, ParsesAndCounts) {
  const std::string xml = render_junit(report_samples::gpu_result());
  EXPECT_EQ(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", 0), 0u);
  EXPECT_TRUE(only_xml_characters(xml));
  Element root;
  ASSERT_NO_THROW(root = parse(xml)) << xml;
  EXPECT_EQ(root.name, "testsuites");
  EXPECT_EQ(root.attributes.at("name"), "matmul-tiled");
  EXPECT_EQ(root.attributes.at("tests"), "10");
  EXPECT_EQ(root.attributes.at("failures"), "2");
  EXPECT_EQ(root.attributes.at("errors"), "1");
  EXPECT_EQ(root.attributes.at("skipped"), "1");
  EXPECT_EQ(root.attributes.at("time"), "41.6");

  const auto suites = root.all("testsuite");
  ASSERT_EQ(suites.size(), 4u);
  const char* names[] = {"matmul-tiled.build", "matmul-tiled.correctness", "matmul-tiled.performance",
                         "matmul-tiled.technique"};
  const char* tests[] = {"1", "6", "1", "2"};
  const char* failures[] = {"0", "2", "0", "0"};
  const char* errors[] = {"0", "1", "0", "0"};
  const char* skipped[] = {"0", "0", "0", "1"};
  for (size_t i = 0; i < suites.size(); ++i) {
    SCOPED_TRACE(names[i]);
    EXPECT_EQ(suites[i]->attributes.at("name"), names[i]);
    EXPECT_EQ(suites[i]->attributes.at("tests"), tests[i]);
    EXPECT_EQ(suites[i]->attributes.at("failures"), failures[i]);
    EXPECT_EQ(suites[i]->attributes.at("errors"), errors[i]);
    EXPECT_EQ(suites[i]->attributes.at("skipped"), skipped[i]);
    EXPECT_EQ(suites[i]->all("testcase").size(), static_cast<size_t>(std::stoi(tests[i])));
  }
  EXPECT_EQ(suites[1]->properties().at("score"), "27.5");
  EXPECT_EQ(suites[1]->properties().at("max_score"), "57.5");
}

TEST(JunitReport, RunPropertiesCarryScoreBackendAndDevice) {
  const Element root = parse(render_junit(report_samples::gpu_result()));
  const auto properties = root.properties();
  EXPECT_EQ(properties.at("score"), "55.36");
  EXPECT_EQ(properties.at("max_score"), "97.5");
  EXPECT_EQ(properties.at("backend"), "cuda");
  EXPECT_EQ(properties.at("backend_reason"), "auto: a usable GPU was found");
  EXPECT_EQ(properties.at("device"), "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(properties.at("driver"), "580.159.04");
  EXPECT_EQ(properties.at("sm_clock_mhz"), "1755");
  EXPECT_EQ(properties.at("regrade_tests"), "1");

  const auto cpu = parse(render_junit(report_samples::cpu_result())).properties();
  EXPECT_EQ(cpu.at("device"), "CPU backend (virtual device)");
  EXPECT_EQ(cpu.count("driver"), 0u);
  EXPECT_EQ(cpu.count("sm_clock_mhz"), 0u);
  EXPECT_EQ(cpu.count("regrade_tests"), 0u);
}

TEST(JunitReport, TestcasesWithScoresAndOutcomes) {
  const Element root = parse(render_junit(report_samples::gpu_result()));
  const Element& correctness = *root.all("testsuite")[1];
  const auto cases = correctness.all("testcase");
  ASSERT_EQ(cases.size(), 6u);

  const Element& passed = *cases[0];
  EXPECT_EQ(passed.attributes.at("classname"), "matmul-tiled.correctness.multiples of the tile");
  EXPECT_EQ(passed.attributes.at("name"), "Width 16");
  EXPECT_EQ(passed.properties().at("score"), "10");
  EXPECT_EQ(passed.properties().at("max_score"), "10");
  EXPECT_TRUE(passed.all("failure").empty());
  EXPECT_EQ(passed.only("system-out").text, "256 of 256 elements right (3 seeds)");

  const Element& failed = *cases[2];
  EXPECT_EQ(failed.attributes.at("name"), "Width 17");
  EXPECT_EQ(failed.properties().at("max_score"), "15");
  const Element& failure = failed.only("failure");
  EXPECT_EQ(failure.attributes.at("message"), "33 of 289 elements wrong");
  EXPECT_EQ(failure.text, "first wrong: P[16][0] expected 3.0625, got 2.8125\nwrong output tiles (16x16):\n"
                          "  . X\n  X X\n");

  // A test the grading could not check stays an <error>, and says it is to be graded again.
  const Element& error = cases[3]->only("error");
  EXPECT_EQ(error.attributes.at("message"), "regrade: not checked: the sandbox could not reach /dev/nvidia-uvm");
  EXPECT_EQ(error.attributes.at("type"), "regrade");
  EXPECT_EQ(error.text, "bwrap: Can't bind mount /dev/nvidia-uvm: No such file or directory\n\tthe runner did not start");
  EXPECT_EQ(cases[3]->properties().at("max_score"), "7.5");
  EXPECT_EQ(cases[3]->properties().at("regrade"), "not checked by this grading: grade it again");
  EXPECT_EQ(failed.properties().count("regrade"), 0u);

  const Element& hidden = *cases[4];
  EXPECT_EQ(hidden.attributes.at("name"), "Width 1021");
  EXPECT_EQ(hidden.properties().at("visibility"), "hidden");
  EXPECT_EQ(hidden.only("failure").attributes.at("message"), "12 of 1042441 elements wrong");

  const Element& skipped = root.all("testsuite")[3]->all("testcase")[1]->only("skipped");
  EXPECT_EQ(skipped.attributes.at("message"), "not checked: Nsight Compute is not installed");
}

TEST(JunitReport, PerformanceMetricsAreProperties) {
  const Element root = parse(render_junit(report_samples::gpu_result()));
  const Element& perf = root.all("testsuite")[2]->only("testcase");
  const auto properties = perf.properties();
  EXPECT_EQ(properties.at("score"), "22.86");
  EXPECT_EQ(properties.at("metric.gflops"), "8100");
  EXPECT_EQ(properties.at("metric.ratio_to_reference"), "0.91");
  EXPECT_EQ(properties.at("metric.seconds"), "0.0169");
  EXPECT_EQ(perf.only("system-out").text, "8,100 GFLOP/s = 0.91x the reference, 1.52x the naive kernel");
}

TEST(JunitReport, AFailedPictureTestNamesItsPictures) {
  GradeResult result = report_samples::gpu_result();
  result.tests[3].pictures = {"p/t-output.pgm", "p/t-expected.pgm", "p/t-difference.pgm", "p/t-never-written.pgm"};
  const Element root = parse(render_junit(result));
  const Element* width17 = nullptr;
  for (const Element* suite : root.all("testsuite"))
    for (const Element* testcase : suite->all("testcase"))
      if (testcase->attributes.at("name") == "Width 17") width17 = testcase;
  ASSERT_NE(width17, nullptr);
  EXPECT_EQ(width17->properties().at("picture.3"), "p/t-difference.pgm");
  EXPECT_NE(width17->only("failure").text.find("pictures: p/t-{output,"), std::string::npos);
}

TEST(JunitReport, UnmeasuredPerformanceIsSkipped) {
  const Element root = parse(render_junit(report_samples::cpu_result()));
  EXPECT_EQ(root.attributes.at("skipped"), "1");
  const Element& perf = root.all("testsuite")[1]->only("testcase");
  EXPECT_EQ(perf.only("skipped").attributes.at("message"), "not measured: no GPU (CPU backend)");
  EXPECT_EQ(perf.properties().at("max_score"), "30");
}

TEST(JunitReport, HostileTextStaysWellFormed) {
  GradeResult result = report_samples::cpu_result();
  result.assignment = "a&b";
  TestResult& test = result.tests[0];
  test.status = TestStatus::failed;
  test.group = "<group \"one\">";
  test.name = "Width 'x' & <y>";
  test.message = "got \x1b[31mred\x1b[0m\nsecond line";
  test.details = "</failure><injected/> \x01\xff ]]> end";
  const std::string xml = render_junit(result);
  EXPECT_TRUE(only_xml_characters(xml));
  Element root;
  ASSERT_NO_THROW(root = parse(xml)) << xml;
  const Element& testcase = root.all("testsuite")[0]->only("testcase");
  EXPECT_EQ(testcase.attributes.at("classname"), "a&b.correctness.<group \"one\">");
  EXPECT_EQ(testcase.attributes.at("name"), "Width 'x' & <y>");
  const Element& failure = testcase.only("failure");
  EXPECT_EQ(failure.attributes.at("message"), std::string("got ") + kReplacement + "[31mred" + kReplacement + "[0m");
  EXPECT_EQ(failure.text, std::string("</failure><injected/> ") + kReplacement + kReplacement + " ]]> end");
  EXPECT_TRUE(failure.children.empty());
}

TEST(JunitReport, BuildLogGoesWithTheBuildSuite) {
  GradeResult result = report_samples::cpu_result();
  result.build_log = "matmul.cu(12): error: identifier \"TILE\" is undefined\n";
  const Element root = parse(render_junit(result));
  const Element& build = *root.all("testsuite")[0];
  EXPECT_EQ(build.attributes.at("name"), "matmul-tiled.build");
  EXPECT_EQ(build.attributes.at("tests"), "0");
  EXPECT_EQ(build.only("system-err").text, result.build_log);
}

}  // namespace
}  // namespace kit
