#include "models/linear_force_edit.hpp"

#include "models/linear_force.hpp"

namespace mb {

bool resolve_linear_force_edit(EditContext& ctx, ElementReader& in, int id, const EditRule& rule,
                               ElementBuilder build, ModelEdit::List list, ModelEdit& edit) {
  if (!ctx.check_attributes(in, rule)) return false;
  const Model& m = ctx.model();
  const std::vector<LinearForce>& elements = list == ModelEdit::List::kBushing ? m.bushings
                                             : list == ModelEdit::List::kField ? m.fields
                                                                               : m.beams;
  const auto k = find_id(elements, id);
  if (!k) {
    ctx.not_found(in, id);
    return false;
  }
  ModelDraft draft;
  if (!ctx.rebuild(in, id, build, draft)) return false;
  const auto& drafts = list == ModelEdit::List::kBushing ? draft.bushings
                       : list == ModelEdit::List::kField ? draft.fields
                                                         : draft.beams;
  if (drafts.size() != 1) return false;
  ModelEdit::LinearLaw change{{list, *k}, {}};
  unpack_linear(drafts.front(), change.law);
  edit.change = std::move(change);
  return true;
}

}  // namespace mb
