#pragma once
// Applying an edit command (a ModelEdit, models/model.hpp) to a model: commands are data, and
// each gives the next model state. The analysis runner applies a command's edit to the model of
// the last Simulate and builds the System of the next one from the result; the command resolver
// (models/command_edits.hpp) applies each edit to a scratch copy so the next command is checked
// against the model it will find.

#include <optional>

#include "models/model.hpp"

namespace mb {

/// The model `model` becomes with `edit` applied (an empty edit changes nothing).
Model apply_edit(Model model, const ModelEdit& edit);

/// The initial velocities `edit` sets for the next Simulate (a Body_Rigid command's v_ic / w_ic),
/// if any.
std::optional<VelocityReset> velocity_reset(const ModelEdit& edit);

}  // namespace mb
