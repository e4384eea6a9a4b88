#include "models/reference_paramcurve.hpp"

#include <fmt/format.h>

namespace mb {

void build_reference_paramcurve(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftCurve c;
  c.id = in.require_id();
  c.loc = in.node().loc;
  c.subject = in.subject();
  bool user = false;
  for (auto n : {"usrsub_param_string", "usrsub_dll_name", "usrsub_fnc_name", "script_name",
                 "interpreter"}) {
    if (!in.has(n) || user) continue;
    const bool adm = in.node().spelled == "CURVE";  // messages in the deck's own words
    in.error(n, std::string("a curve computed by a user subroutine (CURSUB) is not supported; "
                            "give its points in a matrix (") +
                    (adm ? "MATRIX=" : "matrix_id") + ")");
    user = true;
  }
  in.real("u_start");  // the parameter range of CURSUB curves (B-spline curves use [-1, 1])
  in.real("u_end");
  c.data.closed = in.boolean("is_u_closed").value_or(false);
  c.data.through_points = in.boolean("is_curve_points").value_or(false);
  c.data.order = static_cast<int>(in.integer("order", 2, 4).value_or(4));
  const auto matrix = in.ref("matrix_id");
  if (!in.has("matrix_id") && !user) in.missing("matrix_id");
  if (!matrix || c.id <= 0) return;
  c.matrix_id = *matrix;
  c.matrix_loc = in.loc_of("matrix_id");
  draft.curves.push_back(std::move(c));
}

void resolve_curves(const ModelDraft& draft, Model& m, Diagnostics& diag) {
  std::map<int, SourceLoc> seen;
  for (const DraftCurve& dc : draft.curves) {
    if (auto [it, fresh] = seen.emplace(dc.id, dc.loc); !fresh) {
      diag.error(
          dc.loc, dc.subject,
          fmt::format("duplicate curve id {} (first defined at {})", dc.id, it->second.str()));
      continue;
    }
    const ReferenceMatrix* mx = nullptr;
    for (const auto& candidate : m.matrices) {
      if (candidate.id == dc.matrix_id) mx = &candidate;
    }
    if (!mx) {
      diag.error(dc.matrix_loc, dc.subject, fmt::format("matrix {} does not exist", dc.matrix_id));
      continue;
    }
    if (mx->values.cols() != 3) {
      diag.error(dc.matrix_loc, dc.subject,
                 fmt::format("matrix {} has {} columns; a curve needs 3 (x, y, z of each point, "
                             "one row per point)",
                             dc.matrix_id, mx->values.cols()));
      continue;
    }
    ReferenceCurve c;
    c.id = dc.id;
    c.loc = dc.loc;
    c.data = dc.data;
    for (Eigen::Index r = 0; r < mx->values.rows(); ++r) {
      for (Eigen::Index k = 0; k < 3; ++k) c.data.points.push_back(mx->values(r, k));
    }
    if (auto bad = expr::validate(c.data)) {
      diag.error(dc.loc, dc.subject, fmt::format("matrix {}: {}", dc.matrix_id, *bad));
      continue;
    }
    m.curves.push_back(std::move(c));
  }
}

}  // namespace mb
