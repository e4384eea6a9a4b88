#include "parser/adm_tfsiso.hpp"

#include <string>

namespace mb::adm {

namespace {

constexpr ArgSpec kTfsisoTable[] = {
    {"NUMERATOR", ArgKind::kReals}, {"DENOMINATOR", ArgKind::kReals},
    {"X", ArgKind::kInt},           {"U", ArgKind::kInt},
    {"Y", ArgKind::kInt},           {"STATIC_HOLD", ArgKind::kFlag}};

/// The coefficients of `arg_name` as a blank-separated list in `attr`, and their count in
/// `count_attr`; reports a missing or unreadable list.
void copy_coefficients(NodeBuilder& b, std::string_view arg_name, std::string_view attr,
                       std::string_view count_attr) {
  if (!b.require(arg_name)) return;
  const Arg& a = *b.arg(arg_name);
  if (a.values.empty()) {
    b.diag().error(a.loc, b.subject(), std::string(arg_name) + " needs at least one coefficient");
    return;
  }
  std::string text;
  for (const Token& t : a.values) {
    std::string v;
    if (!b.real(a, t, &v)) return;  // reported
    text += (text.empty() ? "" : " ") + v;
  }
  b.set(attr, text, a.loc, a.values.front().loc, a.spelled);
  b.set(count_attr, std::to_string(a.values.size()), a.loc, a.values.front().loc, a.spelled);
}

}  // namespace

const std::span<const ArgSpec> kTfsisoArgs = kTfsisoTable;

void build_tfsiso(NodeBuilder& b) {
  b.set_id();
  copy_coefficients(b, "NUMERATOR", "numerator_coef", "num_numerator_coef");
  copy_coefficients(b, "DENOMINATOR", "denominator_coef", "num_denominator_coef");
  if (b.require("X")) b.copy_int("X", "x_array_id");
  if (b.require("U")) b.copy_int("U", "u_array_id");
  if (b.require("Y")) b.copy_int("Y", "y_array_id");
  if (const Arg* a = b.arg("STATIC_HOLD")) b.set_from("is_static_hold", "TRUE", *a);
}

}  // namespace mb::adm
