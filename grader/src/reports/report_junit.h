// JUnit XML for CI systems and for staff: every test, hidden ones included, with its points as properties.
#pragma once

#include <string>
#include <string_view>

#include "result/result.h"

namespace kit {

// <testsuites> for the assignment (run-wide properties: score, max_score, backend, device, ...), one
// <testsuite> per category, one <testcase classname="<assignment>.<category>.<group>" name="<test>"> per
// test with score and max_score properties and a <failure>, <error> or <skipped> element. JUnit has no
// notion of points: the properties are where graders read them from.
std::string render_junit(const GradeResult& result);

// Text made safe for XML 1.0: markup characters as entities; characters that XML 1.0 forbids (control
// characters other than tab, line feed and carriage return; U+FFFE, U+FFFF) and bytes that are not UTF-8
// become U+FFFD. With `attribute`, also quotes, and tabs and line breaks as character references, so that
// a parser's attribute normalisation does not turn them into spaces.
std::string xml_escape(std::string_view text, bool attribute = false);

}  // namespace kit
