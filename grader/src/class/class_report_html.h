// A class report as one self-contained HTML page: its own styles, its pictures inline as SVG, no script
// and nothing fetched, so that it opens from a file, an email or an LMS page alike. Every text from a
// result (messages, names, source lines) is escaped.
#pragma once

#include <string>

#include "class/class_report.h"
#include "class/report_plots.h"

namespace kit {

// `handout_link`: where the page links a handout section to (its anchor is appended after '#'): the
// handout's path or URL; empty for no links.
std::string render_class_report_html(const ClassReport& report, const ReportPlots& plots, const std::string& handout_link);

// `text` with &, <, >, " and ' as HTML entities, and bytes that are not UTF-8 replaced.
std::string html_escaped(const std::string& text);

}  // namespace kit
