#pragma once
// Pieces of the MotionSolve XML decks the benchmarks generate in memory (bench/chain,
// bench/ladder): planar mechanisms of rigid bodies and revolute joints about the global z axis,
// gravity along -y, ground body id 1, marker positions in ground coordinates.

#include <string>

namespace mb::bench {

/// The XML head, Force_Gravity (0, -gravity, 0) and the ground body (id 1).
std::string planar_deck_head(double gravity);
/// A Body_Rigid with its centre-of-mass marker `cm_marker` (inertia about that marker's axes).
void add_body(std::string& deck, int id, int cm_marker, double mass, double axial_inertia,
              double transverse_inertia);
/// A Reference_Marker at (x, y, 0), turned by `psi` about z (its x axis at angle psi).
void add_marker(std::string& deck, int id, int body, double x, double y, double psi = 0);
/// A revolute Constraint_Joint (both markers' z axes along the global z).
void add_revolute(std::string& deck, int id, int i_marker, int j_marker);
/// Param_Transient (`integrator` empty: none named, mbsolve's default form) and the Simulate
/// command to `end_time` with outputs every 0.01 s; closes the deck.
void finish_deck(std::string& deck, double tol, const std::string& integrator, double end_time);

}  // namespace mb::bench
