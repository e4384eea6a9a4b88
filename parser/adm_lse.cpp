#include "parser/adm_lse.hpp"

namespace mb::adm {

namespace {
constexpr ArgSpec kLseTable[] = {
    {"X", ArgKind::kInt}, {"U", ArgKind::kInt},  {"Y", ArgKind::kInt},
    {"A", ArgKind::kInt}, {"B", ArgKind::kInt},  {"C", ArgKind::kInt},
    {"D", ArgKind::kInt}, {"IC", ArgKind::kInt}, {"STATIC_HOLD", ArgKind::kFlag}};

/// Reports `arg` when it is given without `needs` (the array or matrix it goes with).
void needs(NodeBuilder& b, std::string_view arg, std::string_view other, std::string_view why) {
  const Arg* a = nullptr;
  bool has_other = false;
  for (const Arg& x : b.statement().args) {
    if (x.name == arg) a = &x;
    if (x.name == other) has_other = true;
  }
  if (a && !has_other) {
    b.diag().error(
        a->loc, b.subject(),
        std::string(arg) + " needs " + std::string(other) + "= (" + std::string(why) + ")");
  }
}
}  // namespace

const std::span<const ArgSpec> kLseArgs = kLseTable;

void build_lse(NodeBuilder& b) {
  b.set_id();
  b.set_fixed("type", "LINEAR");
  if (b.require("X")) b.copy_int("X", "x_array_id");
  if (b.require("A")) b.copy_int("A", "a_matrix_id");
  b.copy_int("U", "u_array_id");
  b.copy_int("B", "b_matrix_id");
  b.copy_int("Y", "y_array_id");
  b.copy_int("C", "c_matrix_id");
  b.copy_int("D", "d_matrix_id");
  b.copy_int("IC", "ic_array_id");
  needs(b, "U", "B", "the input matrix in x' = A x + B u");
  needs(b, "B", "U", "the ARRAY of inputs B multiplies");
  needs(b, "C", "Y", "the ARRAY of outputs y = C x + D u");
  needs(b, "D", "Y", "the ARRAY of outputs y = C x + D u");
  needs(b, "D", "U", "the ARRAY of inputs D multiplies");
  if (b.has("Y") && !b.has("C") && !b.has("D")) {
    b.diag().error(b.arg("Y")->loc, b.subject(), "Y needs C= and/or D= (y = C x + D u)");
  }
  if (const Arg* a = b.arg("STATIC_HOLD")) b.set_from("is_static_hold", "TRUE", *a);
}

}  // namespace mb::adm
