#pragma once
// Writes a Deck back as normalised MotionSolve XML: an XML declaration, the root <MotionSolve>,
// then a <Model> block with the model elements and a <Command> block with the commands, both in
// deck order. Element and attribute names keep the spelling they were read with, attributes keep
// their order, element text is kept verbatim (escaped). Reading the output gives back the same
// Deck (tags, attributes, values, text and the model/command split); only source locations and
// the root element's name change.

#include <string>

#include "parser/deck.hpp"

namespace mb {

/// The deck as XML text (write it with results/atomic_file's write_file_atomically).
std::string write_xml_deck(const Deck& deck);

}  // namespace mb
