#pragma once
// The physical kind of a channel, which selects its tolerances. One sorted table maps the kind
// names used in map and tolerance files to the enum; classify() guesses the kind from a name.

#include <optional>
#include <string_view>

namespace mb::compare {

enum class Kind { kAngle, kAngularVelocity, kForce, kOther, kPosition, kTorque, kVelocity };

/// The file spelling of a kind: "angle", "angular_velocity", "force", "other", "position",
/// "torque", "velocity".
std::string_view kind_name(Kind k);

/// Parses a kind spelling (case-insensitive).
std::optional<Kind> parse_kind(std::string_view name);

/// Guesses the kind from a channel name.
///   ours:  body<N>.x/.y/.z -> position, .vx/.vy/.vz -> velocity, .e0..e3 -> angle,
///          .wx/.wy/.wz -> angular_velocity;
///   Adams/Chrono: *_Pos -> position, *_Vel -> velocity, e0..e3 / *_Quat / *_Ang -> angle,
///          *_AngVel / *_Avel -> angular_velocity, *_Force -> force, *_Torque -> torque.
/// Anything else is kOther.
Kind classify(std::string_view channel_name);

}  // namespace mb::compare
