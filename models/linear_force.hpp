#pragma once
// Shared pass-1/pass-2 steps of the linear 6-axis elements (Force_Bushing, Force_Field,
// Force_Beam; law in models/model.hpp LinearForce): the draft carries the I and J marker ids and
// the numbers K (36, row-major), C (36), length (6), preload (6), in that order.

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "models/element_reader.hpp"
#include "models/expression_element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {

inline constexpr size_t kLinearValues = 36 + 36 + 6 + 6;

/// The six axis suffixes in K/C/preload order.
inline constexpr std::array<std::string_view, 6> kAxisNames = {"x", "y", "z", "tx", "ty", "tz"};

inline void pack_linear(DraftExpressionElement& d, const Mat6& K, const Mat6& C, const Vec6& length,
                        const Vec6& preload) {
  d.values.clear();
  d.values.reserve(kLinearValues);
  for (int r = 0; r < 6; ++r) {
    for (int c = 0; c < 6; ++c) d.values.push_back(K(r, c));
  }
  for (int r = 0; r < 6; ++r) {
    for (int c = 0; c < 6; ++c) d.values.push_back(C(r, c));
  }
  for (int r = 0; r < 6; ++r) d.values.push_back(length(r));
  for (int r = 0; r < 6; ++r) d.values.push_back(preload(r));
}

inline void unpack_linear(const DraftExpressionElement& d, LinearForce& f) {
  if (d.values.size() != kLinearValues) return;
  for (int r = 0; r < 6; ++r) {
    for (int c = 0; c < 6; ++c) {
      f.K(r, c) = d.values[static_cast<size_t>(6 * r + c)];
      f.C(r, c) = d.values[static_cast<size_t>(36 + 6 * r + c)];
    }
    f.length(r) = d.values[static_cast<size_t>(72 + r)];
    f.preload(r) = d.values[static_cast<size_t>(78 + r)];
  }
}

/// A real attribute that must be >= 0 (0 when absent); errors point at the attribute.
inline double read_nonnegative(ElementReader& in, std::string_view name) {
  const double v = in.real_or(name, 0.0);
  if (v < 0) in.error(name, std::string(name) + " must be >= 0 (got " + in.attr(name)->value + ")");
  return v;
}

/// A required real attribute that must be > 0 (1 when absent or invalid, an error is reported).
inline double read_positive(ElementReader& in, std::string_view name) {
  const std::optional<double> v = in.required_real(name);
  if (v && *v <= 0) {
    in.error(name, std::string(name) + " must be > 0 (got " + in.attr(name)->value + ")");
  }
  return v && *v > 0 ? *v : 1.0;
}

/// preload_x .. preload_tz (default 0).
inline Vec6 read_preloads(ElementReader& in) {
  Vec6 p = Vec6::Zero();
  for (int a = 0; a < 6; ++a) {
    p(a) = in.real_or("preload_" + std::string(kAxisNames[static_cast<size_t>(a)]), 0.0);
  }
  return p;
}

}  // namespace mb
