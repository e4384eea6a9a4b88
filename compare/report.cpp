#include "compare/report.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>

#include "common/error.hpp"
#include "common/text.hpp"
#include "compare/verdict_text.hpp"
#include "plot/gnuplot.hpp"

namespace mb::compare {
namespace fs = std::filesystem;
namespace {

void write_file(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) throw Error(ExitCode::kInternal, fmt::format("{}: cannot write file", p.string()));
}

std::string channel_data(const ChannelComparison& ch) {
  std::string s = "# time reference result difference\n";
  for (std::size_t i = 0; i < ch.time.size(); ++i) {
    s += fmt::format("{:.17g} {:.17g} {:.17g} {:.17g}\n", ch.time[i], ch.reference[i], ch.result[i],
                     ch.result[i] - ch.reference[i]);
  }
  return s;
}

std::string channel_script(const ChannelComparison& ch, std::size_t k) {
  std::string s;
  s += fmt::format("set output 'plots/ch{}.svg'\n", k);
  s += fmt::format("set multiplot layout 2,1 title {}\n",
                   plot::gp_quote(fmt::format("{} vs {}", ch.result_name, ch.reference_name)));
  s += "set ylabel 'value'\nunset xlabel\n";
  s += fmt::format(
      "plot 'data/ch{0}.dat' using 1:2 with lines lw 2.5 lc rgb '#1f77b4' title 'reference', "
      "'' using 1:3 with lines lw 1.5 dt 2 lc rgb '#d62728' title 'result'\n",
      k);
  s += "set ylabel 'result - reference'\nset xlabel 'time'\n";
  s += fmt::format(
      "plot 'data/ch{}.dat' using 1:4 with lines lw 1.5 lc rgb '#2ca02c' title 'difference'\n", k);
  s += "unset multiplot\nunset output\n";
  return s;
}

std::string fmt_metric(double v) { return fmt::format("{:.3e}", v); }

std::string summary_table(const Comparison& cmp) {
  std::string s =
      "<table>\n<tr><th>verdict</th><th>result</th><th>reference</th><th>kind</th>"
      "<th>points</th><th>max abs</th><th>rms</th><th>rel L2</th><th>ISO 18571</th>"
      "<th>checks</th></tr>\n";
  for (std::size_t k = 0; k < cmp.channels.size(); ++k) {
    const auto& ch = cmp.channels[k];
    std::string checks;
    for (const auto& c : ch.checks) {
      checks += fmt::format(
          "{}{} {} {:.3g}{}", checks.empty() ? "" : "<br>", metric_name(c.check.metric),
          c.pass ? "ok" : "FAILED", c.check.threshold,
          c.check.metric == Metric::kTube ? fmt::format(" (dt {:.3g})", c.check.time_tol) : "");
    }
    if (!ch.problem.empty()) checks += (checks.empty() ? "" : "<br>") + xml_escape(ch.problem);
    s += fmt::format(
        "<tr class='{}'><td>{}</td><td><a href='#ch{}'>{}</a></td><td>{}</td><td>{}</td>"
        "<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
        ch.pass ? "pass" : "fail", ch.pass ? "PASS" : "FAIL", k + 1, xml_escape(ch.result_name),
        xml_escape(ch.reference_name), kind_name(ch.kind), ch.time.size(),
        fmt_metric(ch.errors.max_abs), fmt_metric(ch.errors.rms), fmt_metric(ch.errors.rel_l2),
        ch.iso ? fmt::format("{:.3f} ({})", ch.iso->overall, iso_grade(ch.iso->overall)) : "-",
        checks);
  }
  return s + "</table>\n";
}

}  // namespace

ReportResult write_report(const std::string& dir, const Comparison& cmp,
                          const nlohmann::json& summary) {
  const fs::path root(dir);
  std::error_code ec;
  fs::create_directories(root / "data", ec);
  fs::create_directories(root / "plots", ec);
  if (ec) {
    throw Error(ExitCode::kInternal,
                fmt::format("{}: cannot create directory: {}", dir, ec.message()));
  }
  write_file(root / "summary.json", summary.dump(2) + "\n");

  // Data and gnuplot script, then one gnuplot run for every figure.
  std::string script =
      "set terminal svg size 960,600 dynamic noenhanced font 'sans,12' background '#ffffff'\n"
      "set grid\nset key top right\nset format y '%.3g'\n";
  for (std::size_t k = 0; k < cmp.channels.size(); ++k) {
    write_file(root / "data" / fmt::format("ch{}.dat", k + 1), channel_data(cmp.channels[k]));
    script += channel_script(cmp.channels[k], k + 1);
  }
  write_file(root / "plots.gp", script);

  ReportResult res;
  res.index_path = (root / "index.html").string();
  const plot::FigureRun figures = plot::run_gnuplot(dir, "plots.gp", "MBCOMPARE_GNUPLOT");
  res.plotted = figures.drawn;
  res.message = figures.message;

  // The page.
  std::string html =
      "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>mbcompare report</title>\n"
      "<style>body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse}"
      "td,th{border:1px solid #bbb;padding:3px 8px;font-size:13px}tr.pass td:first-child{"
      "background:#c8f0c8}tr.fail td:first-child{background:#f4c0c0}"
      "figure{margin:1em 0}figcaption{font-weight:bold}</style></head><body>\n";
  std::string refs;
  for (const auto& r : summary.value("references", nlohmann::json::array())) {
    refs += "<br>&nbsp;&nbsp;" + xml_escape(r.get<std::string>());
  }
  html += fmt::format("<h1>mbcompare: {}</h1>\n<p>result: {}<br>references:{}</p>\n",
                      cmp.pass() ? "PASS" : "FAIL", xml_escape(summary.value("result", "")), refs);
  html += fmt::format("<p>{}</p>\n", xml_escape(summary_line(cmp)));
  html += summary_table(cmp);
  if (!res.plotted) html += fmt::format("<p class='warning'>{}</p>\n", xml_escape(res.message));
  for (std::size_t k = 0; k < cmp.channels.size(); ++k) {
    const auto& ch = cmp.channels[k];
    html += fmt::format("<figure id='ch{}'><figcaption>{} {} vs {}</figcaption>\n", k + 1,
                        ch.pass ? "PASS" : "FAIL", xml_escape(ch.result_name),
                        xml_escape(ch.reference_name));
    if (res.plotted) {
      const auto svg = plot::inline_svg_file(
          (root / "plots" / fmt::format("ch{}.svg", k + 1)).string(), fmt::format("ch{}", k + 1));
      html += svg.empty() ? "<p>figure missing</p>" : svg;
    }
    html += "</figure>\n";
  }
  html += "</body></html>\n";
  write_file(root / "index.html", html);
  return res;
}

}  // namespace mb::compare
