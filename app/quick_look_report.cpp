#include "app/quick_look_report.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "common/error.hpp"
#include "common/text.hpp"
#include "plot/gnuplot.hpp"
#include "results/atomic_file.hpp"
#include "results/csv_result_writer.hpp"

namespace mb {
namespace fs = std::filesystem;
namespace {

std::optional<std::string> slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// The channels of a result CSV as its preamble and header give them: column 0 is time.
struct CsvChannels {
  std::vector<std::string> names, units;
  bool has_rows = false;
};

std::vector<std::string> split_commas(const std::string& line) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream ss(line);
  while (std::getline(ss, field, ',')) out.push_back(field);
  if (!line.empty() && line.back() == ',') out.emplace_back();
  return out;
}

std::optional<CsvChannels> read_csv_channels(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::string line, units_line;
  for (size_t k = 0; k < kCsvPreambleLines && std::getline(in, line); ++k) units_line = line;
  CsvChannels ch;
  if (!std::getline(in, line)) return std::nullopt;
  ch.names = split_commas(line);
  ch.units = parse_column_units(units_line).value_or(std::vector<std::string>());
  ch.units.resize(ch.names.size());
  ch.has_rows = static_cast<bool>(std::getline(in, line)) && !line.empty();
  return ch;
}

std::string axis_label(const std::string& name, const std::string& unit) {
  return unit.empty() ? name : fmt::format("{} [{}]", name, unit);
}

/// One gnuplot figure per channel, read straight from the CSV (comma-separated, the preamble and
/// the header row skipped).
std::string figures_script(const std::string& csv, const CsvChannels& ch) {
  std::string s =
      "set terminal svg size 480,280 fixed noenhanced font 'sans,11' background '#ffffff'\n"
      "set datafile separator ','\nset grid\nset key off\nset format y '%.4g'\n";
  s += fmt::format("set xlabel {}\n", plot::gp_quote(axis_label(ch.names[0], ch.units[0])));
  for (size_t k = 1; k < ch.names.size(); ++k) {
    s += fmt::format("set output 'plots/ch{}.svg'\n", k);
    s += fmt::format("set ylabel {}\n", plot::gp_quote(axis_label(ch.names[k], ch.units[k])));
    s += fmt::format("plot {} skip {} using 1:{} with lines lw 1.5 lc rgb '#1f77b4'\n",
                     plot::gp_quote(csv), kCsvPreambleLines + 1, k + 1);
    s += "unset output\n";
  }
  return s;
}

std::string counters_table(const nlohmann::json& j) {
  static const char* const kKeys[] = {"status",
                                      "exit_code",
                                      "message",
                                      "end_time",
                                      "output_rows",
                                      "steps",
                                      "residual_evals",
                                      "jacobian_evals",
                                      "newton_iters",
                                      "error_test_fails",
                                      "wall_s",
                                      "cpu_s",
                                      "bodies",
                                      "constraints",
                                      "dof",
                                      "redundant_constraints_removed"};
  std::string s = "<table id='counters'>\n";
  for (const char* key : kKeys) {
    if (!j.contains(key)) continue;
    const auto& v = j[key];
    const std::string text = v.is_string() ? v.get<std::string>() : v.dump();
    s += fmt::format("<tr><th>{}</th><td>{}</td></tr>\n", key, xml_escape(text));
  }
  return s + "</table>\n";
}

void create_folder(const fs::path& p) {
  std::error_code ec;
  fs::create_directories(p, ec);
  if (ec || !fs::is_directory(p)) {
    throw Error(ExitCode::kUsage, fmt::format("{}: cannot create the report folder{}", p.string(),
                                              ec ? ": " + ec.message() : std::string()));
  }
}

}  // namespace

QuickLookResult write_quick_look(const std::string& dir, const std::string& prefix,
                                 const std::string& extra_html) {
  const fs::path root(dir);
  create_folder(root);
  create_folder(root / "plots");
  QuickLookResult res;
  res.index_path = (root / "index.html").string();

  const std::string csv_path = fs::absolute(prefix + ".csv").string();
  const auto channels = read_csv_channels(csv_path);
  const bool drawable = channels && channels->has_rows && channels->names.size() > 1;
  if (drawable) {
    write_file_atomically((root / "plots.gp").string(), figures_script(csv_path, *channels));
    const plot::FigureRun run = plot::run_gnuplot(dir, "plots.gp", "MBSOLVE_GNUPLOT");
    res.plotted = run.drawn;
    res.message = run.message;
  } else {
    res.plotted = true;
  }

  const auto json_text = slurp(prefix + ".json");
  nlohmann::json summary = nlohmann::json::object();
  if (json_text) summary = nlohmann::json::parse(*json_text, nullptr, false);
  if (summary.is_discarded()) summary = nlohmann::json::object();
  const std::string status = summary.value("status", "unknown");
  const std::string deck = summary.value("deck", prefix);

  std::string html = fmt::format(
      "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>mbsolve: {}</title>\n"
      "<style>body{{font-family:sans-serif;margin:1.5em}}table{{border-collapse:collapse}}"
      "td,th{{border:1px solid #bbb;padding:2px 8px;font-size:13px;text-align:left}}"
      ".figures{{display:flex;flex-wrap:wrap}}figure.channel{{margin:.5em}}"
      "figcaption{{font-weight:bold;font-size:13px}}pre{{background:#f4f4f4;padding:.5em;"
      "font-size:12px;overflow:auto;max-height:40em}}.status-ok{{color:#187018}}"
      ".status-failed,.status-interrupted{{color:#b01010}}</style></head><body>\n",
      xml_escape(fs::path(deck).filename().string()));
  html += fmt::format(
      "<h1>mbsolve: {}</h1>\n<p>deck: {}<br>results: {}.csv, .json, .log<br>"
      "status: <b class='status-{}' id='status'>{}</b></p>\n",
      xml_escape(fs::path(deck).filename().string()), xml_escape(deck), xml_escape(prefix),
      xml_escape(status), xml_escape(status));
  html += "<h2>Solver counters</h2>\n" + counters_table(summary);
  html += extra_html;
  html += "<h2>Channels</h2>\n";
  if (!channels) {
    html += fmt::format("<p class='warning'>{}.csv: not written or not readable</p>\n",
                        xml_escape(prefix));
  } else if (!drawable) {
    html += "<p class='warning'>the CSV has no rows to plot</p>\n";
  } else if (!res.plotted) {
    html += fmt::format("<p class='warning'>{}</p>\n", xml_escape(res.message));
  }
  html += "<div class='figures'>\n";
  for (size_t k = 1; drawable && k < channels->names.size(); ++k) {
    html += fmt::format(
        "<figure class='channel' id='ch{}' data-name='{}' data-unit='{}'><figcaption>{}"
        "</figcaption>\n",
        k, xml_escape(channels->names[k]), xml_escape(channels->units[k]),
        xml_escape(axis_label(channels->names[k], channels->units[k])));
    if (res.plotted) {
      const auto svg = plot::inline_svg_file((root / "plots" / fmt::format("ch{}.svg", k)).string(),
                                             fmt::format("ch{}", k));
      html += svg.empty() ? "<p>figure missing</p>" : svg;
    }
    html += "</figure>\n";
  }
  html += "</div>\n<h2>JSON summary</h2>\n<pre id='summary'>";
  html += json_text ? xml_escape(*json_text) : xml_escape(prefix + ".json: not written");
  html += "</pre>\n<h2>Log</h2>\n<pre id='log'>";
  const auto log = slurp(prefix + ".log");
  html += log ? xml_escape(*log) : xml_escape(prefix + ".log: not written");
  html += "</pre>\n</body></html>\n";
  write_file_atomically(res.index_path, html);
  return res;
}

}  // namespace mb
