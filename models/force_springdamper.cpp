#include "models/force_springdamper.hpp"

#include <array>

#include "models/expression_element_reader.hpp"

namespace mb {

void build_force_springdamper(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  static constexpr std::array<std::string_view, 2> kTypes = {"TRANSLATIONAL", "ROTATIONAL"};
  if (!in.has("type")) {
    in.missing("type", "TRANSLATIONAL or ROTATIONAL");
  } else if (auto t = in.keyword("type", kTypes)) {
    d.type = *t;
  }
  read_marker(in, d, "i_marker_id", true);
  read_marker(in, d, "j_marker_id", true);
  // A force_expression gives the whole force: the law's numbers would be silently unused.
  const bool expression = in.has("force_expression");
  if (expression) {
    for (std::string_view n : {"stiffness", "damping", "length", "preload", "velocity_offset"}) {
      if (in.has(n)) {
        in.error(n, std::string(n) +
                        " cannot be combined with force_expression (the expression gives the "
                        "whole force; write the law into it)");
      }
    }
  }
  auto nonneg = [&](std::string_view n) {
    const double v = in.real_or(n, 0.0);
    if (v < 0) in.error(n, std::string(n) + " must be >= 0 (got " + in.attr(n)->value + ")");
    return v;
  };
  const double k = nonneg("stiffness");
  const double c = nonneg("damping");
  const double length = in.real_or("length", 0.0);
  if (d.type == "TRANSLATIONAL" && in.has("length") && length <= 0 && !expression) {
    in.error("length",
             "length of a translational spring must be > 0 (got " + in.attr("length")->value + ")");
  }
  d.values = {k, c, length, in.real_or("preload", 0.0), in.real_or("velocity_offset", 0.0)};
  if (expression) read_expression(in, d, "force_expression");
  reject_user_subroutines(in);
  accept_hints(in, {"body1_id", "body2_id"});
  draft.spring_dampers.push_back(std::move(d));
}

bool resolve_spring_damper_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit) {
  bool ok = ctx.check_attributes(in, kSpringDamperEdit);
  const auto k = find_id(ctx.model().spring_dampers, id);
  if (!k) {
    ctx.not_found(in, id);
    return false;
  }
  auto nonneg = [&](const char* n) {
    std::optional<double> v = in.real(n);
    if (v && *v < 0) {
      in.error(n, std::string(n) + " must be >= 0 (got " + in.attr(n)->value + ")");
      ok = false;
    }
    return v;
  };
  const auto stiffness = nonneg("stiffness"), damping = nonneg("damping");
  const auto length = in.real("length"), preload = in.real("preload");
  if (length && *length <= 0 && !ctx.model().spring_dampers[*k].rotational) {
    in.error("length",
             "length of a translational spring must be > 0 (got " + in.attr("length")->value + ")");
    ok = false;
  }
  if (!ok) return false;
  edit.change = ModelEdit::SpringLaw{*k, stiffness, damping, length, preload};
  return true;
}

}  // namespace mb
