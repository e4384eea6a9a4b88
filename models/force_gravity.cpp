#include "models/force_gravity.hpp"

namespace mb {

void build_force_gravity(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  if (draft.has_gravity) in.warning_here("a second Force_Gravity replaces the first");
  draft.has_gravity = true;
  draft.gravity = Vec3(in.real_or("grav_x", 0), in.real_or("grav_y", 0), in.real_or("grav_z", 0));
}

}  // namespace mb
