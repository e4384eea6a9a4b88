#pragma once
// A 3-D contact as a kernel sees it: the contact (models/force_contact.hpp), its geometries
// (I's, then J's) and their markers in the kernel's local marker table. The contact's own force
// kernel applies its wrench (solver/force_kernel.hpp); a force, a state element (Control_Diff)
// or a variable they read that calls CONTACT(id, jflag, comp, RM) (MeasureKind::kContact)
// evaluates the same wrench on its own local inputs: the contact's bodies become local bodies of
// the reader, so its residual depends on their positions and velocities and the AD evaluation
// puts the exact partial derivatives (the contact law's, solver/contact_law.hpp) into those
// columns of the sparse Jacobian. The contact law holds no history, so nothing is lagged.

#include <vector>

#include "models/model.hpp"
#include "solver/measures.hpp"

namespace mb {

struct ContactRead {
  const Contact* contact = nullptr;
  std::vector<const ContactGeometry*> shapes;  ///< I's geometries, then J's
  std::vector<int> markers;                    ///< local marker of each shape
  int mi = -1, mj = -1;  ///< local markers of the first I and J geometries (the wrench's origins)
};

/// The contact's wrench from the local markers' states ms (ground axes): the force F on I's body
/// (J's takes -F), the torque Ti on I's body about marker mi's origin and Tj on J's body about
/// mj's; zero when the contact is deactivated.
template <class T>
void contact_read_wrench(const ContactRead& r, const MarkerState<T>* ms, V3<T>& F, V3<T>& Ti,
                         V3<T>& Tj);

/// CONTACT(id, jflag, comp, RM) of LocalMeasure m (m.contact indexes the reader's contact reads,
/// m.k the RM marker): component comp (1 |F|, 2-4 F, 5 |T|, 6-8 T) of the wrench on the first I
/// (jflag 0) or J (jflag 1) geometry's marker, in RM's axes (ground when none).
template <class T>
T contact_read_value(const ContactRead& r, const LocalMeasure& m, const MarkerState<T>* ms);

/// What the animation draws of a contact (app/animation_gltf.hpp): the force F on I's body
/// (ground axes) and its centre of pressure, the contact points weighted by the magnitudes of
/// their forces; false (F zero) when no point carries a force (or the contact is deactivated).
bool contact_read_resultant(const ContactRead& r, const MarkerState<double>* ms, Vec3& F,
                            Vec3& centre);

/// Contact c as read by a kernel: its geometries' markers added to the kernel's local tables
/// (KernelTables, solver/kernel_tables.hpp).
template <class Tables>
ContactRead make_contact_read(const Model& model, const Contact& c, Tables& tables) {
  ContactRead r;
  r.contact = &c;
  for (const auto* list : {&c.i_geometries, &c.j_geometries}) {
    for (int g : *list) {
      const ContactGeometry& geometry = model.contact_geometries[static_cast<size_t>(g)];
      r.shapes.push_back(&geometry);
      r.markers.push_back(tables.marker(geometry.marker));
    }
  }
  r.mi = r.markers.front();
  r.mj = r.markers[c.i_geometries.size()];
  return r;
}

/// The index in `reads` (a kernel's contact reads) of Model::contacts[c], added when new.
template <class Tables>
int contact_read_index(std::vector<ContactRead>& reads, const Model& model, int c, Tables& tables) {
  const Contact* contact = &model.contacts[static_cast<size_t>(c)];
  for (size_t r = 0; r < reads.size(); ++r) {
    if (reads[r].contact == contact) return static_cast<int>(r);
  }
  reads.push_back(make_contact_read(model, *contact, tables));
  return static_cast<int>(reads.size() - 1);
}

}  // namespace mb
