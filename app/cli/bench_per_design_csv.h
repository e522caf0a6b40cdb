#pragma once
// bench aie --csv: the per-design figures of one or more runs as a spreadsheet-ready table
// (one row per design, a status, route length and seconds column per run), for comparing
// placers design by design where Table II only gives means.
#include <nlohmann/json.hpp>

#include <ostream>
#include <string>
#include <vector>

namespace ts::cli {

/// Writes the table (RFC 4180 quoting). Columns are named by run label ("placer+router"), with
/// the time limit when two runs share a label and "#k" when they share that too. Designs come
/// in order of first appearance over the runs; a run that lacks a design leaves its cells
/// empty, and a run that failed it has no route length.
void writePerDesignCsv(const std::vector<nlohmann::json>& runs, std::ostream& out);

}  // namespace ts::cli
