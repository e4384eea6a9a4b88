#include "results/adams_res_writer.hpp"

#include <fmt/format.h>

#include <iterator>

#include "common/error.hpp"
#include "common/text.hpp"

namespace mb {

AdamsResWriter::AdamsResWriter(const std::string& path, const ResHeader& h,
                               const std::vector<ResEntity>& entities)
    : file_(path), analysis_type_("dynamic") {
  const auto a = [](const std::string& s) { return xml_escape(s); };
  std::string head;
  auto out = std::back_inserter(head);
  fmt::format_to(out,
                 "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                 "<Results xmlns=\"http://www.mscsoftware.com/:xrf10\">\n"
                 "<Analysis name=\"{}\" executionDate=\"{}\" Solver=\"{}\" script=\"-unknown-\">\n"
                 "<ModelInfo title=\"{}\" creationDate=\"-unknown-\" checksum=\"-unknown-\" />\n"
                 "<Units angle=\"{}\" length=\"{}\" mass=\"{}\" time=\"{}\" />\n"
                 "<StepMap name=\"map_001\">\n"
                 "<Entity name=\"time\">\n"
                 "<Component name=\"TIME\" unitsValue=\"{}\" id=\"1\" />\n"
                 "</Entity>\n",
                 a(h.analysis), a(h.date), a(h.solver), a(h.title), a(h.angle), a(h.length),
                 a(h.mass), a(h.time), a(h.time_unit));
  size_t id = 2;
  for (const ResEntity& e : entities) {
    fmt::format_to(out, "<Entity name=\"{}\" entity=\"{}\" entType=\"{}\" objectId=\"{}\">\n",
                   a(e.name), a(e.entity), a(e.ent_type), e.object_id);
    for (const ResComponent& c : e.components) {
      fmt::format_to(out, "<Component name=\"{}\" unitsValue=\"{}\" id=\"{}\" />\n", a(c.name),
                     a(c.unit), id++);
    }
    head += "</Entity>\n";
  }
  head += "</StepMap>\n";
  width_ = id - 2;
  file_.stream() << head;
}

void AdamsResWriter::write_step(double t, std::span<const double> values) {
  MB_ASSERT(values.size() == width_);
  buffer_.clear();
  auto out = std::back_inserter(buffer_);
  if (steps_ == 0) {
    buffer_ +=
        "<Data name=\"initialConditions_001\" id=\"1\">\n<Step type=\"initialConditions\">\n";
  } else if (steps_ == 1) {
    fmt::format_to(out, "</Data>\n<Data name=\"{0}_001\" id=\"2\">\n<Step type=\"{0}\">\n",
                   analysis_type_);
  } else {
    fmt::format_to(out, "<Step type=\"{}\">\n", analysis_type_);
  }
  fmt::format_to(out, "{:.17g}\n", t);
  for (size_t k = 0; k < values.size(); ++k) {
    fmt::format_to(out, "{:.17g}{}", values[k],
                   (k % 6 == 5 || k + 1 == values.size()) ? '\n' : ' ');
  }
  buffer_ += "</Step>\n";
  file_.stream() << buffer_;
  ++steps_;
}

void AdamsResWriter::finish(bool successful) {
  auto& os = file_.stream();
  if (steps_ > 0) os << "</Data>\n";
  os << "<TerminationStatus runStatus=\"" << (successful ? "Successful" : "Failed")
     << "\" />\n</Analysis>\n</Results>\n";
  file_.commit();
}

}  // namespace mb
