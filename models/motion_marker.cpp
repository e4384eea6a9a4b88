#include "models/motion_marker.hpp"

#include <array>

#include "models/expression_element_reader.hpp"
#include "models/motion_joint.hpp"

namespace mb {

void build_motion_marker(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  for (auto name : {"i_marker_id", "j_marker_id"}) {
    d.marker_ids.push_back(in.required_ref(name).value_or(0));
    d.marker_locs.push_back(in.loc_of(name));
  }
  static constexpr std::array<std::string_view, 6> kDirections = {"X", "Y", "Z", "B1", "B2", "B3"};
  if (!in.has("direction")) {
    in.missing("direction", "X, Y, Z, B1, B2 or B3");
  } else if (auto t = in.keyword("direction", kDirections)) {
    d.type = *t;
  }
  read_motion_value(in, d);
  draft.marker_motions.push_back(std::move(d));
}

}  // namespace mb
