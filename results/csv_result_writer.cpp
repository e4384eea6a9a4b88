#include "results/csv_result_writer.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/error.hpp"

namespace mb {

CsvResultWriter::CsvResultWriter(const std::string& path, const std::vector<std::string>& comments,
                                 std::vector<ResultColumn> columns)
    : file_(path), columns_(std::move(columns)) {
  auto& os = file_.stream();
  MB_ASSERT(comments.size() + 1 == kCsvPreambleLines);
  for (std::string c : comments) {
    std::replace(c.begin(), c.end(), '\n', ' ');
    std::replace(c.begin(), c.end(), '\r', ' ');
    os << "# " << c << '\n';
  }
  os << "# column units:";
  for (size_t k = 0; k < columns_.size(); ++k) os << (k ? "," : " ") << columns_[k].unit;
  os << '\n';
  for (size_t k = 0; k < columns_.size(); ++k) os << (k ? "," : "") << columns_[k].name;
  os << '\n';
}

void CsvResultWriter::write_row(std::span<const double> values) {
  MB_ASSERT(values.size() == columns_.size());
  std::string line;
  for (size_t k = 0; k < values.size(); ++k) {
    if (k) line += ',';
    line += fmt::format("{:.17g}", values[k]);
  }
  line += '\n';
  file_.stream() << line;
  ++rows_;
}

std::optional<std::vector<std::string>> parse_column_units(std::string_view line) {
  if (!line.empty() && line.front() == '#') line.remove_prefix(1);
  while (!line.empty() && line.front() == ' ') line.remove_prefix(1);
  constexpr std::string_view kTag = "column units:";
  if (line.substr(0, kTag.size()) != kTag) return std::nullopt;
  line.remove_prefix(kTag.size());
  std::vector<std::string> units;
  for (size_t start = 0;;) {
    const size_t comma = line.find(',', start);
    std::string_view u =
        line.substr(start, comma == std::string_view::npos ? line.npos : comma - start);
    while (!u.empty() && (u.front() == ' ' || u.front() == '\r')) u.remove_prefix(1);
    while (!u.empty() && (u.back() == ' ' || u.back() == '\r')) u.remove_suffix(1);
    units.emplace_back(u);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return units;
}

void CsvResultWriter::finish() { file_.commit(); }

}  // namespace mb
