#include "models/resoutput.hpp"

#include <array>

#include "common/text.hpp"
#include "parser/deck.hpp"

namespace mb {

namespace {
constexpr std::array<std::string_view, 3> kBodyAngles = {"NONE", "YPR", "313"};
}  // namespace

void build_resoutput(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  static constexpr std::array<std::string_view, 3> kUnique = {"FIRST", "LAST", "ALL"};
  std::optional<std::string> unique;
  for (auto n : {"abf_unique_time", "plt_unique_time"}) {
    auto v = in.keyword(n, kUnique);
    if (!v) continue;
    if (unique && *unique != *v) {
      in.error(n,
               "abf_unique_time and plt_unique_time differ; mbsolve writes one CSV file "
               "(give one value)");
    }
    unique = v;
  }
  if (unique) {
    draft.results.unique_time = *unique == "FIRST"  ? ResultOptions::UniqueTime::kFirst
                                : *unique == "LAST" ? ResultOptions::UniqueTime::kLast
                                                    : ResultOptions::UniqueTime::kAll;
  }
  if (auto v = in.boolean("adams_res_file")) draft.results.adams_res = *v;
  if (auto v = in.boolean("adams_req_file")) draft.results.adams_req = *v;
  static constexpr std::array<std::string_view, 2> kAngles = {"EULER_ANGLES", "YPR"};
  if (auto a = in.keyword("angle_type", kAngles); a && *a == "YPR") {
    in.error("angle_type",
             "angle_type YPR is not supported yet (request angles are body 3-1-3 Euler angles, "
             "EULER_ANGLES)");
  }
  in.keyword("mbsolve_body_angles", kBodyAngles);  // read by deck_body_angles
  for (auto n : {"mrf_file", "abf_file", "plt_file", "cof_file", "flex_vel_acc_output",
                 "contact_gra_output", "capture_max_pd", "req_comment_only"}) {
    if (auto v = in.boolean(n); v && *v) {
      in.warning(n, std::string(n) +
                        " has no effect: mbsolve writes its results as CSV, JSON and log files");
    }
  }
  for (auto n : {"dzero", "vzero", "azero", "fzero"}) {
    if (in.has(n)) {
      in.warning(n,
                 std::string(n) + " has no effect: mbsolve does not round small results to zero");
    }
  }
}

std::string deck_body_angles(const Deck& deck) {
  std::string value;
  for (const auto* nodes : {&deck.model, &deck.commands}) {
    for (const DeckNode& node : *nodes) {
      if (node.tag != "resoutput") continue;
      for (const DeckAttribute& a : node.attributes) {
        if (a.name == "mbsolve_body_angles") value = to_lower(trim(a.value));
      }
    }
  }
  return value;
}

}  // namespace mb
