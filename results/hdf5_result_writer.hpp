#pragma once
// Writes a run's results as one HDF5 file (PREFIX.h5), readable by h5py (and so pandas) without
// mbsolve's code:
//   /time                 float64[rows]  attributes unit, description
//   /channels/<name>      float64[rows]  one per result column after time, in CSV order
//                         (creation order is tracked), attributes unit, description
//   /model, /solver       groups whose attributes are the model summary and the solver counters
//   /                     attributes: columns (the CSV header names in order), format "mbsolve
//                         results 1"
// Rows are collected in a fixed block (no allocation per row) and appended to the chunked,
// extendible datasets when it is full and at finish(). The file is written under a temporary
// name and renamed into place on finish(); failures are Error(kUsage) naming the file.

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace mb {

struct Hdf5Column {
  std::string name;         ///< the CSV column name, e.g. "body2.x"
  std::string unit;         ///< e.g. "meter"
  std::string description;  ///< e.g. "Body_Rigid 2: CM position x, ground"
};

/// An attribute of /model or /solver: a number, an integer or a text.
using Hdf5Value = std::variant<double, std::int64_t, std::string>;
using Hdf5Attributes = std::vector<std::pair<std::string, Hdf5Value>>;

class Hdf5ResultWriter {
 public:
  /// columns[0] is the time.
  Hdf5ResultWriter(const std::string& path, std::vector<Hdf5Column> columns);
  ~Hdf5ResultWriter();
  Hdf5ResultWriter(const Hdf5ResultWriter&) = delete;
  Hdf5ResultWriter& operator=(const Hdf5ResultWriter&) = delete;

  void write_row(std::span<const double> values);
  /// Attributes of the group `group` ("model", "solver"), written at finish().
  void set_group(const std::string& group, Hdf5Attributes attributes);
  /// Appends the rows still in the block, writes the groups, closes and renames the file.
  void finish();
  size_t rows() const { return rows_ + buffered_; }

 private:
  void flush();
  void close();

  std::string path_, tmp_;
  std::vector<Hdf5Column> columns_;
  std::vector<std::pair<std::string, Hdf5Attributes>> groups_;
  std::int64_t file_ = -1;
  std::vector<std::int64_t> datasets_;
  std::vector<double> block_;  ///< column-major: block_[c * kBlockRows + r]
  size_t buffered_ = 0, rows_ = 0;
  bool finished_ = false;
};

}  // namespace mb
