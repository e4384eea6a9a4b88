#include "models/param_static.hpp"

#include <array>

namespace mb {

void build_param_static(ElementReader& in, ModelDraft& draft, bool in_command) {
  StaticParams p = settings_in_force(draft, in_command, Command::Kind::kParamStatic,
                                     &ModelDraft::statics, &Command::statics);
  static constexpr std::array<std::string_view, 3> kMethods = {"FIM_D", "FIM_S", "MKEAM"};
  if (auto m = in.keyword("method", kMethods)) p.method = *m;
  if (auto v = in.real("max_error")) {
    if (*v <= 0) {
      in.error("max_error", "max_error must be > 0 (got " + in.attr("max_error")->value + ")");
    } else {
      p.max_error = *v;
    }
  }
  if (auto v = in.integer("max_num_iter", 1, 100000)) p.max_num_iter = static_cast<int>(*v);
  for (auto n : {"max_ke_tol", "max_dq_tol"}) {
    auto v = in.real(n);
    if (!v) continue;
    if (*v <= 0) {
      in.error(n, std::string(n) + " must be > 0 (got " + in.attr(n)->value + ")");
    } else {
      (std::string_view(n) == "max_ke_tol" ? p.max_ke_tol : p.max_dq_tol) = *v;
      if (p.method != "MKEAM") {
        in.warning(
            n, std::string(n) + " applies to method MKEAM only; it is ignored with " + p.method);
      }
    }
  }
  if (auto v = in.real("stability")) {
    if (*v < 0) {
      in.error("stability", "stability must be >= 0 (got " + in.attr("stability")->value + ")");
    } else {
      p.stability = *v;
      if (p.method == "MKEAM") {
        in.warning("stability", "stability applies to the FIM methods; it is ignored with MKEAM");
      }
    }
  }
  for (auto n : {"max_imbalance", "compliance_delta"}) {
    if (in.has(n)) in.warning(n, std::string(n) + " is not honoured yet and is ignored");
  }
  if (in_command) {
    Command c;
    c.kind = Command::Kind::kParamStatic;
    c.statics = p;
    c.loc = in.node().loc;
    draft.commands.push_back(c);
  } else {
    draft.statics = p;
  }
}

}  // namespace mb
