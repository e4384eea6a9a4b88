#include "models/reference_string.hpp"

#include <fmt/format.h>

#include "models/expression_element_reader.hpp"

namespace mb {

void build_reference_string(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  ReferenceString s;
  s.id = in.require_id();
  s.loc = in.node().loc;
  reject_user_subroutines(in);
  const DeckAttribute* text = in.attr("string");
  if (!text) {
    in.missing("string");
    return;
  }
  if (text->value.size() > kMaxStringLength) {
    in.error("string", fmt::format("the text has {} characters; at most {} are allowed",
                                   text->value.size(), kMaxStringLength));
    return;
  }
  s.text = text->value;
  if (s.id <= 0) return;
  for (const auto& other : draft.strings) {
    if (other.id != s.id) continue;
    in.error_here(fmt::format("duplicate id {} (first defined at {})", s.id, other.loc.str()));
    return;
  }
  draft.strings.push_back(std::move(s));
}

}  // namespace mb
