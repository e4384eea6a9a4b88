#include "results/curve_writer.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ostream>

#include "common/error.hpp"

namespace mb::results {

void write_csv(std::ostream& os, const CurveTable& table) {
  for (const auto& c : table.comments) os << "# " << c << '\n';
  os << "time";
  for (const auto& n : table.names) os << ',' << n;
  os << '\n';
  for (std::size_t i = 0; i < table.rows(); ++i) {
    os << fmt::format("{:.17g}", table.time[i]);
    for (const auto& col : table.columns) os << fmt::format(",{:.17g}", col[i]);
    os << '\n';
  }
}

void write_csv_file(const std::string& path, const CurveTable& table) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(ExitCode::kInternal, fmt::format("{}: cannot write file", tmp));
    write_csv(out, table);
    out.flush();
    if (!out) throw Error(ExitCode::kInternal, fmt::format("{}: write failed", tmp));
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::remove(tmp.c_str());
    throw Error(ExitCode::kInternal,
                fmt::format("{}: cannot rename into place: {}", path, ec.message()));
  }
}

}  // namespace mb::results
