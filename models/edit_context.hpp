#pragma once
// What an element needs to resolve a command that modifies it (an element with its id and the
// attributes to change, in the command section): the element's EditRule, named by its row of the
// element table (models/element_registry.hpp), lists the attributes a command may change and
// the function that checks the command against the model and turns it into a ModelEdit (a
// value; models/model_edit.hpp applies it). EditContext gives that function the model as the
// command finds it, the deck's current attributes of the element and the shared checks.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/diagnostics.hpp"
#include "models/element_reader.hpp"
#include "models/model.hpp"
#include "models/model_draft.hpp"
#include "parser/deck.hpp"

namespace mb {

class EditContext;

/// Reads one deck element into the draft model (the builder of a row of the element table).
using ElementBuilder = void (*)(ElementReader&, ModelDraft&, bool in_command);

/// Checks a modification command of element `id` (0 for an element without ids) and fills in
/// `edit`; false after reporting an error.
using EditResolver = bool (*)(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit);

struct EditRule {
  /// The attributes a command may change, blank-separated, in the order messages list them.
  std::string_view attributes;
  EditResolver resolve = nullptr;
  /// The element has an id that names it (Force_Gravity has none).
  bool keyed = true;
  /// Sweeps may reuse a model built without an override of these attributes and apply the
  /// override as an edit: the edit reproduces a fresh build exactly (models/command_edits.hpp
  /// apply_value_overrides).
  bool reproduces_build = false;
};

/// The attributes of `rule`, one name each.
std::vector<std::string_view> edit_attributes(const EditRule& rule);

class EditContext {
 public:
  EditContext(const Deck& deck, const Model& model, Diagnostics& diag)
      : deck_(deck), model_(model), diag_(diag) {}

  /// The model as the command finds it (with the edits of the commands before it).
  const Model& model() const { return model_; }
  Diagnostics& diag() { return diag_; }

  /// The current attributes of the deck element `tag` `id` (name -> attribute): the deck's, with
  /// those of earlier commands replaced, so that a command that changes one expression of a group
  /// recompiles the group with the others. (`id` 0: the last element of that tag.)
  std::map<std::string, DeckAttribute>& sources(std::string_view tag, int id);

  /// Reports every attribute of the command outside `rule` (and id, label); false if any.
  bool check_attributes(ElementReader& in, const EditRule& rule);
  /// "no <Element> of the model has id <id>".
  void not_found(ElementReader& in, int id);

  /// A draft of the element whose expressions are `names` of `src`, with the command's
  /// attributes replacing those of `src` first ("NULL" or empty: absent).
  DraftExpressionElement expression_draft(ElementReader& in,
                                          std::map<std::string, DeckAttribute>& src,
                                          std::initializer_list<std::string_view> names);

  /// The element's deck attributes with the command's (and earlier commands') replaced, read by
  /// the element's own `builder` into `draft`: the new numbers are exactly those of a deck
  /// written with them, checked by the same rules. Only errors are reported (the deck's warnings
  /// were reported when the model was built); false if any.
  bool rebuild(ElementReader& in, int id, ElementBuilder builder, ModelDraft& draft);

 private:
  const Deck& deck_;
  const Model& model_;
  Diagnostics& diag_;
  std::map<std::string, std::map<std::string, DeckAttribute>> sources_;
};

/// Index of the element with deck id `id` in `items`, if any.
template <class T>
std::optional<size_t> find_id(const std::vector<T>& items, int id) {
  for (size_t k = 0; k < items.size(); ++k) {
    if (items[k].id == id) return k;
  }
  return std::nullopt;
}

}  // namespace mb
