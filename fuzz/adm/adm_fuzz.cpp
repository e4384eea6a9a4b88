// libFuzzer target: any bytes given to the .adm reader must give diagnostics, never a crash,
// a hang or a sanitizer report.

#include <cstddef>
#include <cstdint>
#include <string>

#include "common/diagnostics.hpp"
#include "parser/adm_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  mb::Diagnostics diag;
  mb::Deck deck = mb::read_adm_deck_text(text, "fuzz.adm", diag);
  // Touch every location so that a dangling file pointer would be caught.
  size_t n = 0;
  for (const auto& node : deck.model) {
    n += node.loc.str().size();
    for (const auto& a : node.attributes) n += a.loc_at(a.value.size() / 2).str().size();
  }
  for (const auto& d : diag.all()) n += d.headline().size();
  return n == static_cast<size_t>(-1) ? 1 : 0;
}
