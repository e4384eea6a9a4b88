#include "models/force_vector_onebody.hpp"

#include "models/expression_element_reader.hpp"
#include "models/force_vector_twobody.hpp"

namespace mb {

void build_force_vector_onebody(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  if (in.has("marker_id") && in.has("i_marker_id")) {
    in.error("i_marker_id", "give marker_id or i_marker_id, not both");
  }
  read_marker(in, d, in.has("i_marker_id") ? "i_marker_id" : "marker_id", true);
  d.marker_ids.push_back(0);  // no floating marker
  d.marker_locs.push_back(d.loc);
  read_marker(in, d, "ref_marker_id", false);
  read_vector_components(in, d);
  d.flag = in.boolean("reverse_dir").value_or(false);
  accept_hints(in, {"body_id", "ref_body_id"});
  draft.vector_forces.push_back(std::move(d));
  draft.vector_forces.back().type += ":ONEBODY";
}

}  // namespace mb
