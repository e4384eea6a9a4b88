#pragma once
// The HDF5 results file of a run, PREFIX.h5 (mbsolve --format hdf5), in the layout of
// results/hdf5_result_writer.hpp: the CSV's columns with their units and a description each
// ("Body_Rigid 2: CM position x, ground"), the model summary (/model: deck, bodies, constraint
// equations, degrees of freedom, units) and the solver counters (/solver: status, end time,
// output rows, steps, residual and Jacobian evaluations, Newton iterations, error test
// failures).

#include <string>
#include <vector>

#include "app/result_file_writer.hpp"
#include "results/csv_result_writer.hpp"
#include "results/hdf5_result_writer.hpp"

namespace mb {

class Hdf5ResultFile : public ResultFileWriter {
 public:
  /// `columns`: the CSV's (time first).
  Hdf5ResultFile(const std::string& prefix, const Model& model,
                 const std::vector<ResultColumn>& columns, const std::string& deck_path);
  void write(const OutputRow& row) override { writer_.write_row(row.csv); }
  void finish(bool successful, const RunSummary& summary) override;

 private:
  Hdf5ResultWriter writer_;
  const Model& model_;
  std::string deck_path_;
};

/// What a result column holds, in words, e.g. "Body_Rigid 2: CM velocity x, ground".
std::string describe_column(const Model& model, const std::string& column);

}  // namespace mb
