#pragma once
// Command-section edits of the model between Simulates: Activate and Deactivate (element_type
// keyword + element_id) and the element modification commands (Body_Rigid, Force_SpringDamper,
// Force_Scalar_TwoBody, Force_Vector_TwoBody/OneBody, Motion_Joint, Reference_Variable,
// Post_Request with an id and the attributes to change). Each becomes a Command of kind kEdit
// whose `edit` changes a copy of the Model; the analysis runner rebuilds the System for the next
// Simulate. Everything is checked here, once, when the deck is built: ids, attribute names and
// values, and changed expressions are compiled (element-locally) against the model, so a run
// never stops half-way on a bad command.

#include <vector>

#include "common/diagnostics.hpp"
#include "models/model.hpp"
#include "parser/deck.hpp"

namespace mb {

/// A command-section node that edits the model, and its slot in Model::commands.
struct PendingEdit {
  const DeckNode* node = nullptr;
  size_t command = 0;
};

/// True for command-section elements that edit the model (Activate, Deactivate and the
/// element names that are both model elements and commands, except Param_*).
bool is_edit_command(std::string_view lower_tag, bool model_and_command_element);

/// Fills in the `edit` of each pending command of `m.commands`; errors go to `diag`.
void resolve_command_edits(const Deck& deck, const std::vector<PendingEdit>& edits, Model& m,
                           Diagnostics& diag);

}  // namespace mb
