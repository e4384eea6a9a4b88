#pragma once
// The quick-look report of one run (mbsolve DECK --report DIR), written after the run's own
// files from what they say, so that it shows exactly what was written:
//   DIR/index.html   the run's status and counters (PREFIX.json), one figure per result channel
//                    (PREFIX.csv: the header row names the channels, the `# column units` line
//                    gives the units on the axes), the JSON summary and the log (PREFIX.log);
//                    figures are inline SVG and nothing is loaded from elsewhere, so the page
//                    opens from the file system in any browser, without a server
//   DIR/plots.gp, DIR/plots/chN.svg, DIR/gnuplot.log   the gnuplot script, figures, messages
// Figures are drawn by gnuplot (plot/gnuplot.hpp): $MBSOLVE_GNUPLOT if set, else `gnuplot` on
// PATH; without it the page is written without figures and says why.

#include <string>

namespace mb {

struct QuickLookResult {
  std::string index_path;
  bool plotted = false;  ///< every figure was drawn (or there was nothing to draw)
  std::string message;   ///< why not, when !plotted
};

/// Writes DIR/index.html for the run whose files are PREFIX.csv, .json and .log (a missing
/// file is said on the page). `extra_html` is placed after the counters (the animation viewer).
/// Throws Error(kUsage) when DIR cannot be created or written.
QuickLookResult write_quick_look(const std::string& dir, const std::string& prefix,
                                 const std::string& extra_html = "");

}  // namespace mb
