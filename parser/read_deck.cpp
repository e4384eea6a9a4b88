#include "parser/read_deck.hpp"

#include <algorithm>
#include <filesystem>

#include "common/text.hpp"
#include "parser/acf_reader.hpp"
#include "parser/adm_reader.hpp"
#include "parser/read_file.hpp"
#include "parser/xml_reader.hpp"

namespace mb {

Deck read_deck_file(const std::string& path, std::span<const Override> overrides,
                    Diagnostics& diag) {
  const std::string ext = to_lower(std::filesystem::path(path).extension().string());
  Deck deck;
  const int errors_before = diag.error_count();
  if (ext == ".acf") {
    // The command file names its dataset; placeholders are substituted in neither file.
    for (const auto& o : overrides) {
      if (!o.is_path()) {
        diag.error(command_line_loc(), "",
                   "${" + o.name +
                       "} placeholders are not supported with .acf decks; use an "
                       "element path or the .adm directly");
      }
    }
    deck = read_acf_file(path, diag);
  } else {
    const std::string raw = read_text_file(path);
    const bool substitute = raw.find("${") != std::string::npos ||
                            std::any_of(overrides.begin(), overrides.end(),
                                        [](const Override& o) { return !o.is_path(); });
    const std::string text = substitute ? substitute_placeholders(raw, path, overrides, diag) : raw;
    deck =
        ext == ".adm" ? read_adm_deck_text(text, path, diag) : read_xml_deck_text(text, path, diag);
  }
  if (diag.error_count() == errors_before) apply_path_overrides(deck, overrides, diag);
  return deck;
}

}  // namespace mb
