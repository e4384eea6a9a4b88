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

void CsvResultWriter::finish() { file_.commit(); }

}  // namespace mb
