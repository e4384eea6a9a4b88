#include "compare/channel_kind.hpp"

#include <array>
#include <string>

#include "common/text.hpp"

namespace mb::compare {
namespace {

struct KindRow {
  std::string_view name;
  Kind kind;
};

// Sorted by name.
constexpr std::array<KindRow, 7> kKinds{{
    {"angle", Kind::kAngle},
    {"angular_velocity", Kind::kAngularVelocity},
    {"force", Kind::kForce},
    {"other", Kind::kOther},
    {"position", Kind::kPosition},
    {"torque", Kind::kTorque},
    {"velocity", Kind::kVelocity},
}};

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace

std::string_view kind_name(Kind k) {
  for (const auto& row : kKinds) {
    if (row.kind == k) return row.name;
  }
  return "other";
}

std::optional<Kind> parse_kind(std::string_view name) {
  for (const auto& row : kKinds) {
    if (iequals(row.name, name)) return row.kind;
  }
  return std::nullopt;
}

Kind classify(std::string_view channel_name) {
  const std::string n = to_lower(channel_name);
  const auto dot = n.rfind('.');
  if (dot != std::string::npos && n.starts_with("body")) {
    const std::string_view c = std::string_view(n).substr(dot + 1);
    if (c == "x" || c == "y" || c == "z") return Kind::kPosition;
    if (c == "vx" || c == "vy" || c == "vz") return Kind::kVelocity;
    if (c == "e0" || c == "e1" || c == "e2" || c == "e3") return Kind::kAngle;
    if (c == "wx" || c == "wy" || c == "wz") return Kind::kAngularVelocity;
    return Kind::kOther;
  }
  if (n == "e0" || n == "e1" || n == "e2" || n == "e3") return Kind::kAngle;
  if (ends_with(n, "_angvel") || ends_with(n, "_avel")) return Kind::kAngularVelocity;
  if (ends_with(n, "_pos")) return Kind::kPosition;
  if (ends_with(n, "_vel")) return Kind::kVelocity;
  if (ends_with(n, "_quat") || ends_with(n, "_ang")) return Kind::kAngle;
  if (ends_with(n, "_force")) return Kind::kForce;
  if (ends_with(n, "_torque")) return Kind::kTorque;
  return Kind::kOther;
}

}  // namespace mb::compare
