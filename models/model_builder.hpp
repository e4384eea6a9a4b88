#pragma once
// Builds the immutable Model from a Deck: pass 1 runs each element's builder (element table),
// pass 2 resolves ids (forward references allowed), computes body-frame marker data and
// validates. Every diagnostic of the deck is collected; the caller stops if any is an error.

#include <optional>

#include "common/diagnostics.hpp"
#include "models/model.hpp"
#include "parser/deck.hpp"

namespace mb {

std::optional<Model> build_model(const Deck& deck, Diagnostics& diag);

}  // namespace mb
