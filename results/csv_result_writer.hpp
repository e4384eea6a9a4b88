#pragma once
// Writes the result CSV of the contract (docs/architecture.md section 4): `#` comment lines
// (version, deck, units, date, column units), one header row, then one row per output time with
// 17 significant digits. The file appears under its final name only when finish() is called;
// rows written before a failure are kept by calling finish() on the failure path too.

#include <span>
#include <string>
#include <vector>

#include "results/atomic_file.hpp"

namespace mb {

struct ResultColumn {
  std::string name;  ///< e.g. "body2.x"
  std::string unit;  ///< e.g. "meter"
};

class CsvResultWriter {
 public:
  CsvResultWriter(const std::string& path, const std::vector<std::string>& comments,
                  std::vector<ResultColumn> columns);
  void write_row(std::span<const double> values);
  void finish();
  size_t rows() const { return rows_; }

 private:
  AtomicFile file_;
  std::vector<ResultColumn> columns_;
  size_t rows_ = 0;
};

}  // namespace mb
