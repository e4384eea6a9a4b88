#include "models/command_edits.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <set>

#include "common/text.hpp"
#include "models/edit_context.hpp"
#include "models/element_reader.hpp"
#include "models/element_registry.hpp"
#include "models/model_edit.hpp"

namespace mb {

namespace {

// ---- Activate / Deactivate ----------------------------------------------------------------

using List = ModelEdit::List;
using Target = ModelEdit::Target;

template <class T>
void add_matches(const std::vector<T>& items, List list, int id, std::vector<Target>& out) {
  for (size_t k = 0; k < items.size(); ++k) {
    if (items[k].id == id) out.push_back({list, k});
  }
}

/// Keywords of the MotionSolve element families Activate / Deactivate do not switch (yet), with
/// the element. The keywords they do switch are in the element table (ActivationRule).
constexpr std::array<std::pair<std::string_view, std::string_view>, 21> kOtherTypes = {{
    {"CVCV", "Constraint_CVCV"},    {"CVSF", "Constraint_CVSF"},
    {"DIFF", "Control_Diff"},       {"FRICTION", "Force_JointFriction"},
    {"GCON", "Constraint_General"}, {"GSE", "Control_StateEqn"},
    {"JPRIM", "Constraint_Jprim"},  {"LSE", "Control_StateEqn"},
    {"MATE", "Constraint_Mate"},    {"MFORCE", "Force_FlexModal"},
    {"NFORCE", "Force_MultiPoint"}, {"PFORCE", "Force_Penalty"},
    {"PTCV", "Constraint_PTCV"},    {"PTDCV", "Constraint_PTdCV"},
    {"PTDSF", "Constraint_PTdSF"},  {"PTDSFF", "Force_PTdSF"},
    {"PTSF", "Constraint_PTSF"},    {"SFSF", "Constraint_SFSF"},
    {"TFSISO", "Control_SISO"},     {"UCON", "Constraint_UserConstr"},
    {"YFORCE", "Force_StateEqn"},
}};

/// Whether `type` is one of the element_type keywords of `row`.
bool selects(const ElementInfo& row, std::string_view type) {
  for (const std::string& k : split_list(row.activation.keywords)) {
    if (k == type) return true;
  }
  return false;
}

bool is_force_list(List list) {
  return list == List::kScalarForce || list == List::kVectorForce || list == List::kSpringDamper ||
         list == List::kBushing || list == List::kField || list == List::kBeam;
}

/// The elements of `row`'s kind with id `id`, appended to `out` unless already there.
void add_row_matches(const Model& m, const ElementInfo& row, int id, std::vector<Target>& out) {
  std::vector<Target> found;
  switch (row.activation.list) {
    case List::kJoint:
      add_matches(m.joints, List::kJoint, id, found);
      break;
    case List::kMotion:
      add_matches(m.motions, List::kMotion, id, found);
      break;
    case List::kCoupler:  // Constraint_Coupler and Constraint_Gear share the list
      for (size_t k = 0; k < m.couplers.size(); ++k) {
        if (m.couplers[k].id == id && m.couplers[k].gear == (row.tag == "constraint_gear")) {
          found.push_back({List::kCoupler, k});
        }
      }
      break;
    case List::kScalarForce:
      add_matches(m.scalar_forces, List::kScalarForce, id, found);
      break;
    case List::kVectorForce:
      add_matches(m.vector_forces, List::kVectorForce, id, found);
      break;
    case List::kSpringDamper:
      add_matches(m.spring_dampers, List::kSpringDamper, id, found);
      break;
    case List::kBushing:
      add_matches(m.bushings, List::kBushing, id, found);
      break;
    case List::kField:
      add_matches(m.fields, List::kField, id, found);
      break;
    case List::kBeam:
      add_matches(m.beams, List::kBeam, id, found);
      break;
    case List::kContact:
      add_matches(m.contacts, List::kContact, id, found);
      break;
    case List::kSensor:
      add_matches(m.sensors, List::kSensor, id, found);
      break;
    case List::kVariable:
    case List::kRequest:
      break;
  }
  for (const Target& t : found) {
    const bool seen = std::any_of(out.begin(), out.end(), [&](const Target& o) {
      return o.list == t.list && o.index == t.index;
    });
    if (!seen) out.push_back(t);
  }
}

/// The rows an element_type keyword selects (FORCE: every force element).
std::vector<const ElementInfo*> rows_of(std::string_view type) {
  std::vector<const ElementInfo*> out;
  for (const ElementInfo& row : element_table()) {
    if (row.activation.keywords.empty()) continue;
    if (selects(row, type) || (type == "FORCE" && is_force_list(row.activation.list))) {
      out.push_back(&row);
    }
  }
  return out;
}

/// The element_type keywords of the element table, and FORCE, in alphabetical order.
std::vector<std::string> own_types() {
  std::vector<std::string> out;
  for (const ElementInfo& row : element_table()) {
    for (const std::string& k : split_list(row.activation.keywords)) {
      if (std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k);
    }
  }
  out.push_back("FORCE");
  std::sort(out.begin(), out.end());
  return out;
}

/// The elements an element_type keyword and id select.
std::vector<Target> select(const Model& m, const std::string& type, int id) {
  std::vector<Target> out;
  for (const ElementInfo* row : rows_of(type)) add_row_matches(m, *row, id, out);
  return out;
}

/// What an element_type keyword names, for messages (the rows' element names).
std::string element_names(const std::string& type) {
  if (type == "FORCE") return "force element";
  std::string out;
  for (const ElementInfo* row : rows_of(type)) {
    out += (out.empty() ? "" : " or ") + std::string(row->name);
  }
  return out;
}

/// Whether some model element of the deck has the id `id` (one that failed to build is missing
/// from an incomplete model, and a command naming it has no error of its own).
bool deck_declares_id(const Deck& deck, int id) {
  return std::any_of(deck.model.begin(), deck.model.end(), [&](const DeckNode& n) {
    const DeckAttribute* a = n.find("id");
    return a && trim(a->value) == std::to_string(id);
  });
}

/// `incomplete`: the deck of a model that had errors (elements may be missing), or nullptr.
bool resolve_activation(const DeckNode& node, const Model& m, Command& cmd, Diagnostics& diag,
                        const Deck* incomplete) {
  ElementReader in(node, diag);
  const bool activate = node.tag == "activate";
  const std::vector<std::string> own = own_types();
  std::vector<std::string_view> all(own.begin(), own.end());
  for (const auto& [k, name] : kOtherTypes) all.push_back(k);
  std::optional<std::string> type;
  if (!in.has("element_type")) {
    std::string choices;
    for (size_t k = 0; k < own.size(); ++k) {
      choices += (k == 0 ? "" : k + 1 == own.size() ? " or " : ", ") + own[k];
    }
    in.missing("element_type", choices);
  } else {
    type = in.keyword("element_type", all);
  }
  const std::optional<int> id = in.required_ref("element_id");
  in.finish();
  if (!type || !id) return false;
  for (const auto& [k, name] : kOtherTypes) {
    if (*type == k) {
      in.error("element_type", fmt::format("element_type {} ({}) is not supported yet: mbsolve "
                                           "cannot switch {} elements on and off",
                                           k, name, name));
      return false;
    }
  }
  const std::vector<Target> targets = select(m, *type, *id);
  if (targets.empty()) {
    if (incomplete && deck_declares_id(*incomplete, *id)) return false;
    in.error("element_id", fmt::format("element_id {} is not a {}", *id, element_names(*type)));
    return false;
  }
  cmd.description = fmt::format("{} {} {}", activate ? "Activate" : "Deactivate", *type, *id);
  cmd.edit.change = ModelEdit::Activation{targets, activate};
  return true;
}

// ---- element modification --------------------------------------------------------------------

std::string changed_names(const DeckNode& node) {
  std::string out;
  for (const auto& a : node.attributes) {
    if (a.name == "id") continue;
    out += (out.empty() ? "" : ", ") + a.name;
  }
  return out;
}

/// "modifying X ... is not supported yet (supported: <every row of the element table with an
/// EditRule>)".
void unsupported(ElementReader& in) {
  std::string supported;
  for (const ElementInfo& e : element_table()) {
    if (e.edit) supported += (supported.empty() ? "" : ", ") + std::string(e.name);
  }
  in.error_here(
      fmt::format("modifying {} from the command section is not supported yet "
                  "(supported: {})",
                  in.node().spelled, supported));
}

/// A command that modifies a model element, through the EditRule of the element's row: sets
/// cmd.edit and cmd.description; false after reporting an error.
bool resolve_modification(EditContext& ctx, const DeckNode& node, Command& cmd) {
  ElementReader in(node, ctx.diag());
  const ElementInfo* info = find_element(node.tag);
  if (!info || !info->edit) {
    unsupported(in);
    return false;
  }
  const EditRule& rule = *info->edit;
  int id = 0;
  if (rule.keyed) {
    id = in.require_id();
    if (id == 0) return false;
  }
  if (!rule.resolve(ctx, in, id, cmd.edit)) return false;
  cmd.description = rule.keyed
                        ? fmt::format("{} {}: {} changed", node.spelled, id, changed_names(node))
                        : fmt::format("{}: {} changed", node.spelled, changed_names(node));
  return true;
}

/// One synthetic command node per element, holding the overridden attributes of `overrides`;
/// nullopt when an override does not qualify for reuse (apply_value_overrides).
std::optional<std::vector<DeckNode>> override_commands(const Deck& deck,
                                                       std::span<const Override> overrides) {
  std::vector<DeckNode> nodes;
  for (const Override& o : overrides) {
    std::string error;
    const auto path = o.is_path() ? parse_element_path(o.name, error) : std::nullopt;
    if (!path || !path->id) return std::nullopt;
    const std::string tag = to_lower(path->type), attr = to_lower(path->attribute);
    const ElementInfo* info = find_element(tag);
    if (!info || !info->edit || !info->edit->reproduces_build) return std::nullopt;
    const DeckNode* original = nullptr;
    for (const auto& n : deck.model) {
      const DeckAttribute* id = n.tag == tag ? n.find("id") : nullptr;
      if (id && trim(id->value) == trim(*path->id)) original = &n;
    }
    if (!original || !original->find(attr) || attr == "id" || attr == "type") return std::nullopt;
    auto it = std::find_if(nodes.begin(), nodes.end(), [&](const DeckNode& n) {
      return n.tag == tag && trim(n.attributes[0].value) == trim(*path->id);
    });
    if (it == nodes.end()) {
      DeckNode n;
      n.tag = tag;
      n.spelled = original->spelled;
      n.loc = command_line_loc();
      DeckAttribute id;
      id.name = id.spelled = "id";
      id.value = *path->id;
      id.loc = id.value_loc = n.loc;
      n.attributes.push_back(std::move(id));
      nodes.push_back(std::move(n));
      it = nodes.end() - 1;
    }
    if (DeckAttribute* given = it->find(attr)) {
      given->value = o.value;  // the last override of an attribute wins, as in the deck
      continue;
    }
    DeckAttribute a;
    a.name = attr;
    a.spelled = path->attribute;
    a.value = o.value;
    a.loc = a.value_loc = command_line_loc();
    it->attributes.push_back(std::move(a));
  }
  return nodes;
}

}  // namespace

bool is_edit_command(std::string_view lower_tag, bool model_and_command_element) {
  if (lower_tag == "activate" || lower_tag == "deactivate") return true;
  return model_and_command_element && lower_tag != "param_transient" &&
         lower_tag != "param_static" && lower_tag != "param_linear";
}

void resolve_command_edits(const Deck& deck, const std::vector<PendingEdit>& edits, Model& m,
                           Diagnostics& diag, bool model_has_errors) {
  if (edits.empty()) return;
  Model scratch = m;  // the model as each command finds it
  EditContext ctx(deck, scratch, diag);
  for (const PendingEdit& e : edits) {
    Command& cmd = m.commands[e.command];
    const bool activation = e.node->tag == "activate" || e.node->tag == "deactivate";
    // With model errors only Activate/Deactivate are checked (their element type and id); a
    // modification of an element that failed would report that element's error again.
    if (model_has_errors && !activation) continue;
    const bool ok = activation ? resolve_activation(*e.node, scratch, cmd, diag,
                                                    model_has_errors ? &deck : nullptr)
                               : resolve_modification(ctx, *e.node, cmd);
    if (ok) {
      scratch = apply_edit(std::move(scratch), cmd.edit);
    } else {
      cmd.edit = {};
    }
  }
}

bool apply_value_overrides(const Deck& deck, std::span<const Override> overrides, Model& m) {
  const std::optional<std::vector<DeckNode>> nodes = override_commands(deck, overrides);
  if (!nodes) return false;
  Diagnostics diag;
  EditContext ctx(deck, m, diag);
  // An overridden v_ic / w_ic becomes the deck's initial velocity here (Body::v0, w0), not a
  // change between Simulates.
  for (const DeckNode& n : *nodes) {
    Command cmd;
    if (!resolve_modification(ctx, n, cmd)) return false;
    m = apply_edit(std::move(m), cmd.edit);
  }
  return diag.all().empty();
}

}  // namespace mb
