#include "parser/read_deck.hpp"

#include <filesystem>

#include "common/text.hpp"
#include "parser/acf_reader.hpp"
#include "parser/adm_reader.hpp"
#include "parser/xml_reader.hpp"

namespace mb {

Deck read_deck_file(const std::string& path, Diagnostics& diag) {
  const std::string ext = to_lower(std::filesystem::path(path).extension().string());
  if (ext == ".adm") return read_adm_deck_file(path, diag);
  if (ext == ".acf") return read_acf_file(path, diag);
  return read_xml_deck_file(path, diag);
}

}  // namespace mb
