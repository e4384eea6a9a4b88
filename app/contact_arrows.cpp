#include "app/contact_arrows.hpp"

#include "solver/marker_reads.hpp"

namespace mb {

ContactArrowRecorder::ContactArrowRecorder(const Model& model) {
  for (const Contact& c : model.contacts) {
    ContactArrowTrack t;
    t.id = c.id;
    t.subject = c.subject;
    tracks_.push_back(std::move(t));
  }
}

void ContactArrowRecorder::write(const OutputRow& row) {
  for (ContactArrowTrack& t : tracks_) {
    Vec3 F = Vec3::Zero(), P = Vec3::Zero();
    bool touching = false;
    // Commands may rebuild the System between analyses: find the contact in this row's.
    for (const ForceKernel& k : row.sys->force_kernels()) {
      if (k.kind != ForceKernel::Kind::kContact || k.contact.contact->id != t.id) continue;
      MarkerState<double> ms[ForceKernel::kMaxMarkers];
      for (size_t m = 0; m < k.markers.size(); ++m) {
        ms[m] = marker_state_at(*row.sys, k.markers[m].id, row.y);
      }
      touching = k.active && contact_read_resultant(k.contact, ms, F, P);
      if (!touching) F = Vec3::Zero();
      break;
    }
    t.force.push_back(F);
    t.point.push_back(P);
    t.touching.push_back(static_cast<char>(touching));
  }
}

}  // namespace mb
