#include "sweep/preflight.hpp"

#include "common/error.hpp"
#include "parser/deck_overrides.hpp"
#include "parser/read_deck.hpp"

namespace mb::sweep {

void check_names_against_deck(const SweepPlan& plan, Diagnostics& diag) {
  std::vector<Override> overrides;
  for (const auto& spec : plan.case_sets(0)) {
    std::string error;
    auto o = parse_override(spec, error);
    if (!o) throw Error(ExitCode::kUsage, error);
    overrides.push_back(std::move(*o));
  }
  read_deck_file(plan.deck, overrides, diag);
}

}  // namespace mb::sweep
