// Which submissions of a class look copied, for the class report: each graded student's source files
// (the rubric's student files, read from where the batch found them, or from the class's folder given
// anew), compared by similar_pairs (class/similarity.h) with the assignment's starter and reference
// solution as base code: the skeleton every student was given never counts, nor does matching the
// reference (a class of the kit's own broken kernels, each the reference with one bug, is no ring).
#pragma once

#include <string>
#include <vector>

#include "class/class_report.h"
#include "class/similarity.h"

namespace kit {

// Adds the pairs to report.similar (under report names, with both texts' lines) and says in
// report.similarity_note what was compared, or why nothing was. `submissions_dir`: the class's folder,
// or "" for the folders the results name.
void add_similarity(ClassReport& report, const std::vector<ClassResult>& results, const std::string& assignment,
                    const std::string& submissions_dir, const ClassReportOptions& options,
                    const SimilarityOptions& similarity = {});

// The pairs of `sources` as the report shows them.
std::vector<ReportPair> report_pairs(const std::vector<SimilarPair>& pairs, const std::vector<SimilaritySource>& sources,
                                     const std::vector<std::string>& names);

}  // namespace kit
