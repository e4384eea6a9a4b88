// libFuzzer target for the XML deck reader and the model compiler: any byte string is read as a
// deck; whatever reads without error is compiled into a Model, and the deck is written back and
// read again. Must never crash, hang or trip a sanitizer; diagnostics are fine.
#include <cstddef>
#include <cstdint>
#include <string>

#include "common/diagnostics.hpp"
#include "models/model_builder.hpp"
#include "parser/deck_writer.hpp"
#include "parser/xml_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 65536) return 0;
  const std::string text(reinterpret_cast<const char*>(data), size);
  mb::Diagnostics diag;
  const mb::Deck deck = mb::read_xml_deck_text(text, "fuzz.xml", diag);
  if (!diag.has_errors()) (void)mb::build_model(deck, diag);
  for (const auto& d : diag.all()) (void)d.str();
  // The writer's output must read back without an XML error.
  mb::Diagnostics again;
  (void)mb::read_xml_deck_text(mb::write_xml_deck(deck), "fuzz2.xml", again);
  for (const auto& d : again.all()) {
    if (d.message.starts_with("malformed XML")) __builtin_trap();
  }
  return 0;
}
