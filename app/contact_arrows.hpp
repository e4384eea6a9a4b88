#pragma once
// The contact forces of a run, for the animation (--animation, app/animation_gltf.hpp): a result
// writer kept in memory that gets the CSV's rows (app/result_file_writer.hpp: the same times) and
// records, per Force_Contact / Adams CONTACT of the model and per row, the force the contact
// applies to its I body and that force's centre of pressure (the contact points weighted by
// their forces: solver/contact_read.hpp contact_read_resultant), in the model's units and
// ground axes. A row where the contact carries nothing (no point in contact, deactivated, or
// absent from the row's System) records touching = false.

#include <string>
#include <vector>

#include "app/result_file_writer.hpp"
#include "common/linalg.hpp"

namespace mb {

struct ContactArrowTrack {
  int id = 0;               ///< the contact's id (Force_Contact id, Adams CONTACT id)
  std::string subject;      ///< "Force_Contact 1" / "CONTACT 1"
  std::vector<Vec3> force;  ///< per row: the force on I's body
  std::vector<Vec3> point;  ///< per row: its centre of pressure (zero when not touching)
  std::vector<char> touching;
};

class ContactArrowRecorder : public ResultFileWriter {
 public:
  /// One track per contact of `model` (the model the run starts from).
  explicit ContactArrowRecorder(const Model& model);
  void write(const OutputRow& row) override;
  void finish(bool, const RunSummary&) override {}
  const std::vector<ContactArrowTrack>& tracks() const { return tracks_; }

 private:
  std::vector<ContactArrowTrack> tracks_;
};

}  // namespace mb
