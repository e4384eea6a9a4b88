#pragma once
// gnuplot as the figure drawer of the HTML reports (mbcompare --report, mbsolve --report): a
// script written into the report folder is run once by gnuplot (Debian package gnuplot-nox, svg
// terminal) as a subprocess in that folder, its messages going to gnuplot.log there; the SVG
// files it writes are then inlined into the page so that the page is self-contained.
// The program is the value of an environment variable the caller names (MBCOMPARE_GNUPLOT,
// MBSOLVE_GNUPLOT) if set, else `gnuplot` on PATH.

#include <optional>
#include <string>
#include <string_view>

namespace mb::plot {

/// The full path of an executable: `name` itself if it contains a '/', else searched on PATH.
std::optional<std::string> find_program(const std::string& name);

/// A gnuplot single-quoted string: quotes are doubled.
std::string gp_quote(std::string_view s);

struct FigureRun {
  bool drawn = false;   ///< gnuplot ran and succeeded
  std::string message;  ///< why not, when !drawn (a sentence that says what to do)
};

/// Runs gnuplot on `script` (a file name relative to `dir`) with `dir` as working folder.
/// `program_env`: the environment variable that may name another gnuplot program.
FigureRun run_gnuplot(const std::string& dir, const std::string& script, const char* program_env);

/// The <svg> element of a gnuplot SVG file's text, its ids prefixed with `prefix` so that
/// several figures can share one page; empty when the text holds no <svg>.
std::string inline_svg(std::string svg, const std::string& prefix);

/// The text of an SVG file gnuplot wrote, inlined as above ("" when it cannot be read).
std::string inline_svg_file(const std::string& path, const std::string& prefix);

}  // namespace mb::plot
