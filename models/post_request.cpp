#include "models/post_request.hpp"

#include <array>

#include "models/expression_element_reader.hpp"
#include "models/user_subroutine.hpp"

namespace mb {

void build_post_request(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  static constexpr std::array<std::string_view, 7> kTypes = {
      "MARKER_DISPLACEMENT", "MARKER_VELOCITY", "MARKER_ACCELERATION", "MARKER_FORCE", "EXPRESSION",
      "ELEMENTAL_FORCE",     "USERSUB"};
  if (!in.has("type")) {
    in.error_here("missing required attribute 'type'");
  } else if (auto t = in.keyword("type", kTypes)) {
    d.type = *t;
    if (*t == "ELEMENTAL_FORCE") {
      in.error("type", "Post_Request type " + *t + " is not supported yet");
    }
  }
  const bool marker_request = d.type.starts_with("MARKER_");
  read_marker(in, d, "i_marker_id", marker_request);
  read_marker(in, d, "j_marker_id", false);
  read_marker(in, d, "ref_marker_id", false);
  for (int k = 1; k <= 8; ++k) {
    const std::string n = "expr" + std::to_string(k);
    if (marker_request && in.has(n)) in.error(n, n + " belongs to EXPRESSION requests");
    read_expression(in, d, n);
  }
  bool failed = false;
  if (d.type == "USERSUB") {
    d.user = read_user_subroutine(in, "REQSUB", failed);
    if (!d.user && !failed)
      in.error_here("type USERSUB needs usrsub_dll_name and usrsub_param_string");
  } else {
    reject_user_subroutines(in);
  }
  draft.requests.push_back(std::move(d));
}

}  // namespace mb
