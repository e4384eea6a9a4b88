#pragma once
// The HTML report of a comparison, written into a directory:
//   index.html    summary table (verdict and metrics per channel) and, per channel, one figure
//                 with the overlay of result and reference (top) and the difference (bottom);
//                 the SVG figures are inlined so the page is self-contained
//   summary.json  the JSON summary
//   data/chN.dat  the compared samples: time, reference, result, result - reference
//   plots.gp, plots/chN.svg, gnuplot.log   the gnuplot script, its figures and messages
// Figures are drawn by gnuplot (plot/gnuplot.hpp): $MBCOMPARE_GNUPLOT if set, else `gnuplot` on
// PATH. Without gnuplot the report is still written, without figures, and ReportResult says why.

#include <nlohmann/json.hpp>
#include <string>

#include "compare/comparison.hpp"

namespace mb::compare {

struct ReportResult {
  std::string index_path;
  bool plotted = false;  ///< every figure was drawn
  std::string message;   ///< why not, when !plotted
};

/// Throws mb::Error(kInternal) when the directory or its files cannot be written.
ReportResult write_report(const std::string& dir, const Comparison& cmp,
                          const nlohmann::json& summary);

}  // namespace mb::compare
