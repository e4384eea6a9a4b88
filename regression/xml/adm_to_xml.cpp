// adm_to_xml: writes the MotionSolve XML equivalent of an Adams deck, using mbsolve's own
// readers (read_deck_file: .adm or .acf) and the deck writer. The readers map Adams statements
// to MotionSolve elements but keep the Adams spelling for messages (PART, MARKER, QP); here every
// element is respelled with its canonical MotionSolve name from the element table (Body_Rigid,
// Reference_Marker) and every attribute with its MotionSolve name (pos_x). Used to generate the
// committed XML decks of regression/xml/ from the ADAMS decks (see regenerate.sh).
// Usage: mb_adm_to_xml DECK.{adm,acf} OUT.xml
// Exit status: 0 written, 65 the deck has errors (printed on stderr), 2 usage.

#include <cstdio>
#include <exception>
#include <iostream>

#include "common/diagnostics.hpp"
#include "models/element_registry.hpp"
#include "parser/deck_writer.hpp"
#include "parser/read_deck.hpp"
#include "results/atomic_file.hpp"

namespace {

void respell(mb::DeckNode& node) {
  const mb::ElementInfo* info = mb::find_element(node.tag);
  node.spelled = info ? std::string(info->name) : node.tag;
  for (auto& a : node.attributes) a.spelled = a.name;
  for (auto& child : node.children) respell(child);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: mb_adm_to_xml DECK.{adm,acf} OUT.xml\n");
    return 2;
  }
  try {
    mb::Diagnostics diag;
    mb::Deck deck = mb::read_deck_file(argv[1], diag);
    if (diag.has_errors()) {
      diag.print(std::cerr);
      return 65;
    }
    for (auto& node : deck.model) respell(node);
    for (auto& node : deck.commands) respell(node);
    mb::write_file_atomically(argv[2], mb::write_xml_deck(deck));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "mb_adm_to_xml: %s\n", e.what());
    return 65;
  }
  return 0;
}
