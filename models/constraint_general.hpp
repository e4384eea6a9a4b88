#pragma once
// Constraint_General (Adams GCON): an expression held at zero during the analysis.
//   id (req), i_marker_id (opt: the marker whose reaction is reported; default the global
//   frame), expr (req): a function of TIME and the pose measures DX, DY, DZ, DM, AX, AY, AZ,
//   e.g. "DM(21, 10) - 2" for a massless rod of length 2. AX/AY/AZ are principal values: keep
//   the angles away from +-pi. Velocity measures (non-holonomic constraints), other measures and
//   user subroutines are not supported yet.
// Its reaction on the I marker is the force (and torque about the marker origin) the constraint
// exerts there, lambda df/dR_I; it counts in the FORCE requests and FX..TM queries of I.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_constraint_general(ElementReader& in, ModelDraft& draft, bool in_command);
}
