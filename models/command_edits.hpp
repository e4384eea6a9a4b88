#pragma once
// Command-section edits of the model between Simulates: Activate and Deactivate (element_type
// keyword + element_id) and the element modification commands (an element with an id and the
// attributes to change; which elements and attributes, and how, is the EditRule of the element's
// row in the element table, models/element_registry.hpp). Each becomes a Command of kind kEdit
// whose `edit` is a value (ModelEdit); the analysis runner applies it with apply_edit
// (models/model_edit.hpp) to get the model of the next Simulate and rebuilds the System. Everything
// is checked here, once, when the deck is built: ids, attribute names and values, and changed
// expressions are compiled (element-locally) against the model, so a run never stops half-way on a
// bad command.

#include <span>
#include <vector>

#include "common/diagnostics.hpp"
#include "models/model.hpp"
#include "parser/deck.hpp"
#include "parser/deck_overrides.hpp"

namespace mb {

/// A command-section node that edits the model, and its slot in Model::commands.
struct PendingEdit {
  const DeckNode* node = nullptr;
  size_t command = 0;
};

/// True for command-section elements that edit the model (Activate, Deactivate and the
/// element names that are both model elements and commands, except Param_*).
bool is_edit_command(std::string_view lower_tag, bool model_and_command_element);

/// Fills in the `edit` (and description) of each pending command of `m.commands`; errors go to
/// `diag`. With `model_has_errors` (the model is reported as failed anyway) only the
/// Activate/Deactivate commands are checked, and an id that a failed deck element has is not
/// reported again.
void resolve_command_edits(const Deck& deck, const std::vector<PendingEdit>& edits, Model& m,
                           Diagnostics& diag, bool model_has_errors = false);

/// Model reuse across sweep cases: applies `Type[id].attribute=value` overrides to `m`, the
/// model built from `deck` without them, through the same edits as the modification commands.
/// Only value changes of attributes the element already has in `deck` qualify, on the elements
/// whose edits reproduce a fresh build exactly (EditRule::reproduces_build of the element's row:
/// values are copied, expressions recompiled element-locally from the same text). Returns false,
/// with `m` unspecified, when any override does not qualify or draws a diagnostic: the caller then
/// builds the model from the overridden deck, which reports it.
bool apply_value_overrides(const Deck& deck, std::span<const Override> overrides, Model& m);

}  // namespace mb
