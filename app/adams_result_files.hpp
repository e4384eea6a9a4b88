#pragma once
// The Adams result files of a run: the XML results file PREFIX.res (RESULTS/, --format res) and
// the request file PREFIX.req (OUTPUT/REQSAVE, --format req), in the layouts
// results/adams_res_writer.hpp and results/adams_req_writer.hpp write.
//
// .res entities, as Adams names and lays them out (compare RD3.res in regression/realworld/adams):
//   PART_<id>_XFORM (entity PART_<id>, entType Part): X Y Z, PSI THETA PHI (body 3-1-3), VX VY
//     VZ, WX WY WZ, ACCX ACCY ACCZ, WDX WDY WDZ of the part's reference frame (Adams: the PART's
//     QG/REULER frame; MotionSolve: the body's CM marker frame), ground axes; one per moving body.
//   JOINT_<id> (entType Joint): FX FY FZ TX TY TZ, the reaction force and torque the joint
//     applies at its I marker, ground axes (solver/marker_reads.hpp constraint_reaction).
//   REQUEST_<id> (entType Request): one component per request channel, named like the CSV column
//     after `req<id>.` (x, fx, f2, or the CNAMES given).
// Units: the model's (Adams labels: meter, sec, kg, newton, rad; meter/sec**2, newton-meter).
// .req: per REQUEST the six components without magnitudes: f2 f3 f4 f6 f7 f8 of an EXPRESSION or
//   user request (a channel that is not there is written as 0), the first six channels of the
//   others (x y z psi theta phi, vx.., ax.., fx..tz).

#include <optional>
#include <string>
#include <vector>

#include "app/result_file_writer.hpp"
#include "results/adams_req_writer.hpp"
#include "results/adams_res_writer.hpp"
#include "solver/request_outputs.hpp"

namespace mb {

class AdamsResultFiles : public ResultFileWriter {
 public:
  /// `res`, `req`: which files to write (PREFIX.res, PREFIX.req).
  AdamsResultFiles(const std::string& prefix, const System& sys, const RequestOutputs& requests,
                   bool res, bool req, const std::string& title, const std::string& solver);
  void write(const OutputRow& row) override;
  void finish(bool successful, const RunSummary& summary) override;

 private:
  std::vector<int> bodies_;  ///< model indices of the bodies with states
  std::vector<Vec3> ref_pos_;
  std::vector<Mat3> ref_axes_;
  size_t n_joints_ = 0;        ///< the model's joints: constraint blocks 0 .. n - 1
  std::vector<int> req_pick_;  ///< per request 6 indices into the request columns (-1: zero)
  std::optional<AdamsResWriter> res_;
  std::optional<AdamsReqWriter> req_;
  std::vector<double> res_values_, req_values_;
};

/// An Adams unit label for one of the model's unit strings: "meter/second^2" ->
/// "meter/sec**2", "newton*meter" -> "newton-meter", "radian" -> "rad", "kilogram" -> "kg".
std::string adams_unit_label(const std::string& unit);

}  // namespace mb
