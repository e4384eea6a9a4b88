#include "results/curve_writer.hpp"

#include <fmt/format.h>

#include <ostream>

#include "results/atomic_file.hpp"

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
  AtomicFile file(path);
  write_csv(file.stream(), table);
  file.commit();
}

}  // namespace mb::results
