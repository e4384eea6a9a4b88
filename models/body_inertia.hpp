#pragma once
// A rigid body's inertia as the deck gives it (about the IM marker, in IM axes, Adams product
// sign convention) and as the Model keeps it (about the CM, in CM-marker axes).

#include "models/model.hpp"

namespace mb {

/// The deck's inertia_xx..inertia_xz as a matrix (products enter with a minus sign).
Mat3 inertia_matrix(double ixx, double iyy, double izz, double ixy, double iyz, double ixz);

/// Inertia about the CM in CM axes from the inertia J_im about IM in IM axes (parallel axes).
Mat3 inertia_about_cm(double mass, const Mat3& J_im, const Marker& cm, const Marker& im);

}  // namespace mb
