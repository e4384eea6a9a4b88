#pragma once
// Commands that modify a Force_Bushing, Force_Field or Force_Beam: the element's deck attributes
// with the command's (and earlier commands') replaced go through the element's own builder, so
// the new numbers are exactly those of a deck written with them and are checked by the same
// rules. A command changes the element's numbers, not its markers or rotation model.

#include "models/edit_context.hpp"

namespace mb {

/// The edit of the `list` element `id` (kBushing, kField or kBeam) whose builder is `build`;
/// false after reporting an error.
bool resolve_linear_force_edit(EditContext& ctx, ElementReader& in, int id, const EditRule& rule,
                               ElementBuilder build, ModelEdit::List list, ModelEdit& edit);

}  // namespace mb
