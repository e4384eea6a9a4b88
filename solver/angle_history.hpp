#pragma once
// The continuous value of the angle measures along a run. Adams and MotionSolve define AX, AY
// and AZ to account for angle wrapping (they keep counting past +-pi, so a torsion spring
// AZ(I,J) wound through two turns reads 4 pi, not 0), and INCANG to be cumulative about the
// axis (u x w) of its first non-zero value, positive there. Both are functions of the marker
// poses only up to a multiple of 2 pi; which multiple is history.
//
// Each angle measure in use (kind and model markers) has one AngleTrack: the angle at the last
// accepted integration step (`ref`) and, for INCANG, the axis. measures.hpp returns the value
// nearest `ref` (its principal value shifted by a whole number of turns: the shift is
// constant between steps, so the derivatives are those of the principal value). The
// integrators call follow() after every accepted step and bound the next step by the turn rate
// it returns, so that a step turns a tracked angle by far less than pi and the nearest value is
// the continuous one (a BDF step on a uniformly turning crank may otherwise grow past pi).
//
// The history is run data: it lives in the run's Workspace (solver/workspace.hpp). A measure
// names its track by index (LocalMeasure::track); the System registers its kernels' measures
// when it is built (their indices are the same in every Workspace it makes), the request
// outputs and the user subroutines' SYSFNC calls theirs when they first read them.

#include <functional>
#include <span>
#include <vector>

#include "common/linalg.hpp"
#include "models/measure.hpp"
#include "solver/angle_track.hpp"

namespace mb {

template <class T>
struct MarkerState;

class AngleHistory {
 public:
  /// The model marker's state (-1: the global frame) in the state being followed.
  using MarkerAt = std::function<MarkerState<double>(int model_marker)>;

  /// The index of the track of measure `kind` (is_tracked_angle) of model markers i, j, k in
  /// tracks(); created, not started, when new. Indices stay valid for the history's life.
  int track(MeasureKind kind, int i, int j, int k);

  /// Every track, by index (measures.hpp reads them). Adding a track may move them: take the
  /// span afresh for each evaluation that may meet a new angle (a user subroutine's SYSFNC).
  std::span<const AngleTrack> tracks() const { return tracks_; }

  bool empty() const { return tracks_.empty(); }

  /// Moves every track to the value nearest its reference in the state `marker_at` gives
  /// (a track not started starts at its principal value). Returns the fastest rate (rad/s) at
  /// which a tracked angle turns in that state (0 without tracks): the integrators keep each
  /// step's turn well below pi with it (SundialsSession::limit_turn_per_step).
  double follow(const MarkerAt& marker_at);

  /// Takes the tracks of `from` (the Workspace of a System rebuilt between analyses continues
  /// the angles of the one before; measures it does not use yet keep theirs for when they are
  /// read).
  void carry_from(const AngleHistory& from);

 private:
  struct Key {
    MeasureKind kind;
    int i, j, k;
  };
  std::vector<Key> keys_;
  std::vector<AngleTrack> tracks_;  ///< tracks_[n] is that of keys_[n]
};

}  // namespace mb
