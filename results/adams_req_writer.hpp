#pragma once
// Writes an Adams request file (`.req`, as Adams Solver writes with OUTPUT/REQSAVE; the layout
// results/adams_req_reader.hpp reads):
//   line 1  ` A.R3    YYYY-MM-DD hh:mm:ss   0   0  3D`   format tag and the run's time stamp
//   line 2  the model title (80 columns)
//   line 3  `NREQ  UNITS  SCALE`   number of requests, the Adams units label, length scale
//   one id record per request (its REQUEST id), then per output time one record: the time on
//   its own line, then per request one line with its six components without magnitudes
//   (Adams components 2, 3, 4, 6, 7, 8).
// Adams writes the values with 5 or 6 digits; this writer uses 17 significant digits so that a
// reader gets the doubles back exactly. Steps are formatted into one reused buffer.

#include <span>
#include <string>
#include <vector>

#include "results/atomic_file.hpp"

namespace mb {

struct ReqHeader {
  std::string date;   ///< "YYYY-MM-DD hh:mm:ss"
  std::string title;  ///< the model title
  std::string units_label = "M_KGS_N_RACA";
  double scale = 1.0;
};

class AdamsReqWriter {
 public:
  AdamsReqWriter(const std::string& path, const ReqHeader& header, std::vector<int> request_ids);
  /// One record: the time, then six values per request in the order of the ids.
  void write_record(double t, std::span<const double> values);
  void finish();
  size_t records() const { return records_; }

 private:
  AtomicFile file_;
  size_t n_requests_;
  size_t records_ = 0;
  std::string buffer_;
};

}  // namespace mb
