#include "models/reference_spline.hpp"

#include <fmt/format.h>

#include "expr/spline.hpp"
#include "models/expression_element_reader.hpp"
#include "models/state_reader.hpp"

namespace mb {

void build_reference_spline(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  ReferenceSpline s;
  s.id = in.require_id();
  s.loc = in.node().loc;
  reject_user_subroutines(in);
  for (auto n : {"file_name", "block_name", "num_z"}) {
    if (in.has(n)) in.error(n, "3-D and file-based splines are not supported yet");
  }
  s.linear_extrapolation = in.boolean("linear_extrap").value_or(false);
  const auto n = in.integer("num_xy_pair", 2, 100000000);
  if (!in.has("num_xy_pair")) in.missing("num_xy_pair");
  if (!n) return;
  const auto list = read_number_list(in, "");
  if (!list) return;
  if (list->size() != static_cast<size_t>(2 * *n)) {
    in.error_here(fmt::format("num_xy_pair is {}: {} numbers (x y pairs) are needed, {} given", *n,
                              2 * *n, list->size()));
    return;
  }
  for (long long k = 0; k < *n; ++k) {
    s.x.push_back((*list)[2 * k]);
    s.y.push_back((*list)[2 * k + 1]);
  }
  expr::SplineData d;
  d.x = s.x;
  d.y = s.y;
  if (auto why = expr::validate(d)) {
    in.error_here(*why);
    return;
  }
  draft.splines.push_back(std::move(s));
}

}  // namespace mb
