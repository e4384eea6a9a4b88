#pragma once
// Force_JointFriction (MotionSolve) and Adams FRICTION: Coulomb friction with stiction in a
// REVOLUTE, TRANSLATIONAL, CYLINDRICAL, SPHERICAL, UNIVERSAL or HOOKE joint, driven by the
// joint's own reactions (solved implicitly with them, as every force that reads JOINT() is:
// solver/force_kernel.hpp).
//   joint_id (req), mu_static, mu_dynamic (req, 0 <= mu_dynamic <= mu_static),
//   stiction_trans_vel (Vs > 0, default 0.1), trans_vel_coeff (Adams
//   TRANSITION_VELOCITY_COEFFICIENT c > 1, default 1.5), max_stiction_deform (d > 0, default
//   0.01), effect ALL | STICTION | SLIDING, inputs (Adams words PRELOAD, REACTION_FORCE,
//   BENDING_MOMENT, TORSIONAL_MOMENT, ALL, NONE, or MotionSolve's 4-bit "1111" in that order),
//   force_preload, torque_preload, friction_arm (Rn), bending_reaction_arm (Rb), pin_radius
//   (Rp), ball_radius (Rs), reaction_arm (Rr), initial_overlap (Xs0, default 1000),
//   overlap_delta CONSTANT | INCREASE | DECREASE, inactive STATIC | NONE (Adams
//   INACTIVE_DURING; accepted: static analyses hold the creep states, so friction there only
//   keeps the creep the joint has, none from rest), yoke I | J (UNIVERSAL and HOOKE only: the
//   one yoke pin with friction, Adams I_YOKE | J_YOKE; both pins when absent).
//
// The law, per slip direction (v: the slip velocity on the contact surface):
//   normal input N (force, or torque for rotation) from the reactions on I in J's axes,
//     TRANSLATIONAL: Fprl + |Fxy| + |Txy| / Xs + |Tz| / Rr
//     REVOLUTE:      Tprl + Rp |Fxy| + Rn |Fz| + Rp |Txy| / Rb           (v = Rp WZ)
//     CYLINDRICAL:   along z  Fprl + |Fxy| + |Txy| / Xs                   (v = VZ)
//                    about z  Tprl + Rp (|Fxy| + |Txy| / Xs)              (v = Rp WZ)
//     SPHERICAL:     Tprl + Rs |F|                                        (v = Rs w, a vector)
//     UNIVERSAL, HOOKE: per yoke pin p, the REVOLUTE input with the reactions in the axes of
//                    the pin's marker (z and xy there replaced by the pin axis p and across it)
//                    I yoke: p = z_I (HOOKE x_I), v = Rp WZ(I, J, I) (HOOKE Rp WX(I, J, I))
//                    J yoke: p = z_J (HOOKE y_J), v = Rp WZ(I, J, J) (HOOKE Rp WY(I, J, J))
//                    (the pins are perpendicular, so the relative rotation is the sum of the
//                    two pins' turns and these are their rates); the torque acts about p.
//   with Xs = Xs0 (+|-) (DZ - DZ0) for INCREASE|DECREASE; each term only when its input is on.
//   Creep z (a bristle deflection, length on the contact surface, one per slip direction),
//   u = z / d:
//     z' = v - |v| u^5            (vector: z' = v - |v| |u|^4 u; held in static analyses)
//   so that z follows the displacement while |u| is small and saturates at |z| = d when sliding.
//   Coefficient (vector for SPHERICAL: per axis of J), with w = STEP(|v|, Vs, 1, c Vs, 0) the
//   stiction weight, S(x) = STEP(x, -1, -1, 1, 1) a smooth saturation (S(1) = 1, |S| <= 1) and
//   tau = d / Vs the stiction damping time (the creep spring is damped through z', which
//   vanishes in steady sliding, as in the LuGre model):
//     ALL:      mu = w mu_s S((z + tau z') / d) + (1 - w) mu_d sign(v)
//     STICTION: mu = w mu_s S((z + tau z') / d)
//     SLIDING:  mu = mu_d STEP(v, -Vs, -1, Vs, 1)
//   friction = -mu N along (about) the slip direction, on I; the reaction on J.
// Below Vs the joint sticks on the damped creep spring: it holds up to mu_s N (a load F < mu_s N
// holds it at the creep S(z / d) = F / (mu_s N)) and breaks away above; between Vs and c Vs the
// coefficient goes from mu_s to mu_d by Adams' STEP; above c Vs it is mu_d. Sliding with
// z = d sign(v) gives exactly Adams' blend STEP(|v|, Vs, mu_s, c Vs, mu_d).
// Where Adams documents less than this needs, the choices made (open for review): Adams' creep
// law and stiction damping are not published, the ones above are LuGre-like; a CYLINDRICAL
// joint has two independent slip directions (Adams combines them); DZ0 of the overlap is taken
// from the input configuration (Adams: after the first assembly); a UNIVERSAL or HOOKE joint
// without I_YOKE or J_YOKE has friction on both yoke pins (Adams documents the one-yoke form;
// MotionSolve lists no yoke choice).
// The LuGre attributes (bristle_stiffness, damping_effects, viscous_effects) are refused with
// one "not supported" error.

#include "common/diagnostics.hpp"
#include "models/element_reader.hpp"
#include "models/model.hpp"
#include "models/model_draft.hpp"

namespace mb {

void build_force_jointfriction(ElementReader& in, ModelDraft& draft, bool in_command);

/// Pass 2, after the joints are resolved: each friction becomes a Force_Vector_TwoBody-like
/// force between the joint's markers (in J's axes; a second one in I's axes for the I yoke's
/// pin of a UNIVERSAL or HOOKE joint) and its creep states (Control_Diff-like,
/// held in statics), with generated expressions. Their ids are negative (the force -id, the k-th
/// creep state -(4 id + k), k = 1..3) so that no deck element can name them.
void expand_joint_frictions(ModelDraft& draft, const Model& model, Diagnostics& diag);

}  // namespace mb
