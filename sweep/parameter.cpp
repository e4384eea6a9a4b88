#include "sweep/parameter.hpp"

#include <fmt/format.h>

#include <cmath>

#include "common/error.hpp"
#include "common/text.hpp"

namespace mb::sweep {

namespace {

[[noreturn]] void bad(std::string_view spec, const std::string& why) {
  throw Error(ExitCode::kUsage, "-p '" + std::string(spec) + "': " + why);
}

std::vector<std::string> split_on(std::string_view s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    const size_t p = s.find(sep, start);
    out.emplace_back(trim(s.substr(start, p == std::string_view::npos ? s.npos : p - start)));
    if (p == std::string_view::npos) break;
    start = p + 1;
  }
  return out;
}

}  // namespace

std::string format_number(double v) {
  if (v == 0) return "0";
  return fmt::format("{}", std::stod(fmt::format("{:.12g}", v)));
}

std::string Parameter::value_at(double u) const {
  if (u <= 0) return format_number(lo);
  if (u >= 1) return format_number(hi);
  if (kind == Kind::kLog) {
    return format_number(std::pow(10.0, std::log10(lo) + u * (std::log10(hi) - std::log10(lo))));
  }
  return format_number(lo + u * (hi - lo));
}

std::vector<std::string> Parameter::levels() const {
  if (kind == Kind::kList) return values;
  std::vector<std::string> out;
  for (int i = 0; i < count; ++i) {
    out.push_back(value_at(count == 1 ? 0.0 : static_cast<double>(i) / (count - 1)));
  }
  return out;
}

Parameter parse_parameter(std::string_view spec) {
  const size_t eq = spec.find('=');
  if (eq == std::string_view::npos || trim(spec.substr(0, eq)).empty()) {
    bad(spec, "expected NAME=VALUES (a list a,b,c or a range lin:LO:HI:N or log:LO:HI:N)");
  }
  Parameter p;
  p.name = std::string(trim(spec.substr(0, eq)));
  const std::string_view rhs = trim(spec.substr(eq + 1));
  const bool is_lin = rhs.starts_with("lin:"), is_log = rhs.starts_with("log:");
  if (!is_lin && !is_log) {
    p.values = split_on(rhs, ',');
    for (const auto& v : p.values) {
      if (v.empty()) bad(spec, "empty value in the list");
    }
    return p;
  }
  p.kind = is_log ? Parameter::Kind::kLog : Parameter::Kind::kLinear;
  const auto parts = split_on(rhs.substr(4), ':');
  if (parts.size() != 2 && parts.size() != 3) {
    bad(spec, "a range is lin:LO:HI:N or log:LO:HI:N (N may be left out with --lhs)");
  }
  const auto lo = parse_real(parts[0]), hi = parse_real(parts[1]);
  if (!lo || !hi) bad(spec, "LO and HI of a range must be numbers");
  p.lo = *lo;
  p.hi = *hi;
  if (is_log && (p.lo <= 0 || p.hi <= 0)) bad(spec, "a log range needs LO > 0 and HI > 0");
  if (parts.size() == 3) {
    const auto n = parse_int(parts[2], 1, 1000000);
    if (!n) bad(spec, "N must be an integer from 1 to 1000000");
    p.count = static_cast<int>(*n);
  }
  return p;
}

}  // namespace mb::sweep
