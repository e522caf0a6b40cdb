#pragma once
// bench --csv: the per-design figures of bench runs as spreadsheet-ready tables. For bench aie,
// one row per design with a status, route length and seconds column per run, for comparing
// placers design by design where Table II only gives means; for bench wse, one row per case.
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

/// Writes bench wse's cases (its --json "cases"), one row per case: its figures, the published
/// CU.POKer score and the ratio to it (empty for cases that are not contest cases), seconds.
/// Status is "legal", "illegal" (its figures are still those of the layout found) or "none"
/// (nothing found: no figures); "stopped" says whether a time limit or Ctrl-C ended its search.
void writeWseCasesCsv(const nlohmann::json& cases, std::ostream& out);

}  // namespace ts::cli
