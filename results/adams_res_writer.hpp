#pragma once
// Writes an Adams XML results file (XRF, `.res`), the layout Adams Solver 2005 and later writes
// with RESULTS/XRF and Adams PostProcessor reads (results/adams_res_reader.hpp describes it):
//   <Results xmlns="http://www.mscsoftware.com/:xrf10">
//     <Analysis name=...><ModelInfo title=.../><Units .../>
//       <StepMap name="map_001"> <Entity name="time"><Component name="TIME" .../></Entity>
//         <Entity name=... entity=... entType=... objectId=...><Component name= unitsValue=
//         id=/> ...</StepMap>
//       <Data name="initialConditions_001"><Step type="initialConditions"> ... </Step></Data>
//       <Data name="dynamic_001"><Step type="dynamic"> ... </Step> ...</Data>
//     </Analysis></Results>
// Component ids are the 1-based positions in a Step, in the order the entities are given (time
// first). Values are written with 17 significant digits, so a reader gets the doubles back
// exactly. The first step goes into the initialConditions data set, the others into the
// analysis data set. The file appears under its final name on finish() (AtomicFile); steps are
// formatted into one reused buffer (no allocation per step once it has grown).

#include <span>
#include <string>
#include <vector>

#include "results/atomic_file.hpp"

namespace mb {

struct ResComponent {
  std::string name;  ///< e.g. "X"
  std::string unit;  ///< unitsValue, e.g. "meter/sec"
};

struct ResEntity {
  std::string name;      ///< e.g. "PART_2_XFORM"
  std::string entity;    ///< the model object, e.g. "PART_2"
  std::string ent_type;  ///< "Part", "Request", "Joint", ...
  int object_id = 0;
  std::vector<ResComponent> components;
};

/// What the header says about the run.
struct ResHeader {
  std::string analysis;  ///< <Analysis name>
  std::string title;     ///< <ModelInfo title>
  std::string date;      ///< "YYYY-MM-DD hh:mm:ss"
  std::string solver;    ///< e.g. "mbsolve 1.2"
  std::string angle = "rad", length = "meter", mass = "kg", time = "sec";  ///< <Units>
  std::string time_unit = "sec";                                           ///< unitsValue of TIME
};

class AdamsResWriter {
 public:
  AdamsResWriter(const std::string& path, const ResHeader& header,
                 const std::vector<ResEntity>& entities);
  /// One step: the time, then one value per component in entity order.
  void write_step(double t, std::span<const double> values);
  /// Closes the elements (<TerminationStatus runStatus> "Successful" or "Failed") and renames
  /// the file into place.
  void finish(bool successful = true);
  size_t steps() const { return steps_; }
  size_t width() const { return width_; }  ///< values per step without the time

 private:
  AtomicFile file_;
  std::string analysis_type_;
  size_t width_ = 0;
  size_t steps_ = 0;
  std::string buffer_;
};

}  // namespace mb
