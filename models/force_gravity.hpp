#pragma once
// Force_Gravity: uniform gravitational acceleration grav_x/y/z (length/time^2, ground axes,
// default 0), acting at the CM of every body as m g. A component may be an expression of TIME
// (e.g. grav_z="-9810*STEP(TIME,0,1,2,0)"); gravity that depends on the system state is refused
// (apply such a load with Force_Vector_OneBody). A second Force_Gravity replaces the first.

#include "common/diagnostics.hpp"
#include "models/edit_context.hpp"
#include "models/element_reader.hpp"
#include "models/model.hpp"
#include "models/model_draft.hpp"

namespace mb {

void build_force_gravity(ElementReader& in, ModelDraft& draft, bool in_command);

/// Pass 2: compiles the draft's components into m.gravity (all constant) or m.gravity_expr.
void resolve_gravity(const ModelDraft& draft, Model& m, Diagnostics& diag);

/// Compiles grav_x, grav_y, grav_z of `d` against `m` into `constant` (all three constant) or
/// `expr` (else; `constant` is then 0); false after reporting an error. Shared by the model and
/// the command section.
bool compile_gravity(const DraftExpressionElement& d, const Model& m, Vec3& constant,
                     std::optional<ExpressionGroup>& expr, Diagnostics& diag);

/// A command changes grav_x/y/z (constants or expressions of TIME).
bool resolve_gravity_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit);
inline constexpr EditRule kGravityEdit = {"grav_x grav_y grav_z", resolve_gravity_edit, false,
                                          false};

}  // namespace mb
