#pragma once
// Force_Contact (MotionSolve) and Adams CONTACT: a 3-D compliant contact between the analytic
// geometries (models/contact_geometry.hpp) of two bodies. For every pair of an I geometry and a
// J geometry the kernel (solver/contact_law.hpp) finds the contact points: their penetration
// depth d >= 0, the common normal n (out of J's surface, towards I) and the point c midway
// between the two surfaces; each point with d > 0 carries
//   normal   IMPACT:  fn = IMPACT(g, g', 0, k, e, cmax, dmax)  with the gap g = -d (the expression
//                     library's IMPACT function: k d^e minus the damping STEP(g, -dmax, cmax, 0, 0)
//                     g', never pulling)
//            POISSON: fn = p d STEP(g', -vt, 1, vt, r^2)  (p the penalty, r the restitution
//                     coefficient, vt normal_trans_vel): full stiffness while the bodies approach,
//                     r^2 of it while they separate, so a bounce returns r^2 of the stored
//                     energy and the rebound speed is r times the impact speed (exact as
//                     vt / impact speed -> 0). Adams' own POISSON formula is not published in
//                     the references read; this one has its documented outcome (restitution r).
//   friction (COULOMB_FRICTION ON or DYNAMICS_ONLY; static analyses have no slip anyway) opposes
//            the slip velocity vs (the relative velocity of the two bodies' material points at
//            c, less its normal part), |vs| = s:
//              ft = -fn m(s) vs / s,  m(s) = STEP(s, -Vs, -mu_s, Vs, mu_s)          s <= Vs
//                                            STEP(s, Vs, mu_s, Vt, mu_d)            s > Vs
//            (Vs STICTION_TRANSITION_VELOCITY, Vt FRICTION_TRANSITION_VELOCITY >= Vs): Adams'
//            coefficient curve, 0 at rest, mu_s at Vs, mu_d beyond Vt.
// The point force fn n + ft acts on I's body at c and its opposite on J's body at c.
// IFLIP_GEOMETRY / JFLIP_GEOMETRY (i_flip / j_flip) reverse a PLANE's normal (material above).
//
// Pairs (either order; contact_pair_method() in models/contact_data.hpp):
//   closed form   sphere, ellipsoid (its support point), box (its 8 vertices), cylinder,
//                 frustum and circle (the lowest point of each end circle; a face lying flat,
//                 within a tilt of 0.5 to 2 degrees, rests on 8 points of its rim instead,
//                 blended in between: solver/contact_law.hpp) and a mesh (its vertices below
//                 the plane) against a plane; sphere against sphere (also inside a flipped,
//                 hollow one)
//   FCL           any other two of sphere, ellipsoid, box, cylinder, frustum and mesh
//                 (box-box, cylinder-box, frustum-cylinder, mesh-anything, ...):
//                 models/mesh_collision.hpp
// A plane's bounds (x_min .. y_max) are sharp: a point outside them carries no force, so a body
// sliding over the edge loses the force of that point at once (make the plane larger than the
// region contact happens in). Circles touch planes only; flipped normals only on planes and
// hollow spheres. EXTERNAL geometry is a triangle mesh in an STL or OBJ file
// (models/contact_mesh.hpp); a file that is missing or cannot be read is a deck error at the
// line naming it.

#include <string>
#include <vector>

#include "common/source_loc.hpp"
#include "models/contact_data.hpp"

namespace mb {

class ElementReader;
class Diagnostics;
struct ModelDraft;
struct Model;

void build_force_contact(ElementReader& in, ModelDraft& draft, bool in_command);

/// Pass 2: the geometries' markers, then each contact's geometries (reading the mesh files they
/// name, building the collision library's shapes the pairs need); reports pairs the kernel has
/// no form for and mesh files that are missing or cannot be read.
void resolve_contacts(const ModelDraft& draft, Model& m, Diagnostics& diag);

}  // namespace mb
