#include "models/reference_string.hpp"

#include "models/expression_element_reader.hpp"

namespace mb {

void build_reference_string(ElementReader& in, ModelDraft& /*draft*/, bool /*in_command*/) {
  in.require_id();
  reject_user_subroutines(in);
  if (!in.has("string")) in.missing("string");
  in.attr("string");
}

}  // namespace mb
