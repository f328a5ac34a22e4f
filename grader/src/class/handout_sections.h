// Where an assignment's handout explains a diagnosis: the handout's section whose heading speaks of what
// the category is about (a barrier for missing-barrier, the edges for an out-of-bounds read), so that a
// class report can send a teacher, and the class, to the paragraph to go over again.
#pragma once

#include <string>

namespace kit {

struct HandoutSection {
  std::string title;   // the heading's text: "The barrier between loading and reading the tile"; empty: none
  std::string anchor;  // its anchor as GitHub renders Markdown: "the-barrier-between-loading-and-reading-the-tile"
};

// The first section of `markdown` (a handout) that explains `category` (a diagnosis category,
// docs/diagnostics.md): the first heading holding one of the category's words, in the order the
// category lists them (its most specific first); else the handout's "Reading a failure report" section;
// else none.
HandoutSection handout_section_for(const std::string& markdown, const std::string& category);

// A heading's anchor as GitHub makes it: lower case, spaces to hyphens, punctuation dropped.
std::string markdown_anchor(const std::string& heading);

}  // namespace kit
