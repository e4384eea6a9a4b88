#include "results/adams_req_writer.hpp"

#include <fmt/format.h>

#include <iterator>

#include "common/error.hpp"

namespace mb {

AdamsReqWriter::AdamsReqWriter(const std::string& path, const ReqHeader& h,
                               std::vector<int> request_ids)
    : file_(path), n_requests_(request_ids.size()) {
  std::string title = h.title.substr(0, 80);
  for (char& c : title) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  std::string head =
      fmt::format(" A.R3    {:<19}   {:>12}{:>10}  3D\n{:<80}\n{:5d}     {} {:.15E}\n", h.date, 0,
                  0, title, request_ids.size(), h.units_label, h.scale);
  for (const int id : request_ids) fmt::format_to(std::back_inserter(head), "{:5d}\n", id);
  file_.stream() << head;
}

void AdamsReqWriter::write_record(double t, std::span<const double> values) {
  MB_ASSERT(values.size() == 6 * n_requests_);
  buffer_.clear();
  auto out = std::back_inserter(buffer_);
  fmt::format_to(out, " {:24.16E}\n", t);
  for (size_t k = 0; k < values.size(); ++k) {
    fmt::format_to(out, " {:24.16E}{}", values[k], k % 6 == 5 ? "\n" : "");
  }
  file_.stream() << buffer_;
  ++records_;
}

void AdamsReqWriter::finish() { file_.commit(); }

}  // namespace mb
