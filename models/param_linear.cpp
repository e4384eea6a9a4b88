#include "models/param_linear.hpp"

#include <fmt/format.h>

#include "common/text.hpp"

namespace mb {

namespace {

/// "i1" or "i1,i2": mode numbers from 1, i1 <= i2.
std::optional<LinearParams::ModeRange> mode_range(ElementReader& in, const char* name) {
  const DeckAttribute* a = in.attr(name);
  if (!a) return std::nullopt;
  std::vector<long long> values;
  bool ok = true;
  for (const std::string& part : split_list(a->value)) {
    const std::optional<long long> v = parse_int(part, 1, 2147483647);
    ok = ok && v.has_value();
    if (v) values.push_back(*v);
  }
  if (ok && !values.empty() && values.size() <= 2 && values.front() <= values.back()) {
    return LinearParams::ModeRange{static_cast<int>(values.front()),
                                   static_cast<int>(values.back())};
  }
  in.error(name, fmt::format("{} {}: expected one mode number or a range 'first,last' (mode "
                             "numbers from 1, first <= last)",
                             name, quoted_value(a->value)));
  return std::nullopt;
}

}  // namespace

void build_param_linear(ElementReader& in, ModelDraft& draft, bool in_command) {
  LinearParams p = settings_in_force(draft, in_command, Command::Kind::kParamLinear,
                                     &ModelDraft::linear, &Command::linear);
  p.subject = in.subject();
  if (auto v = in.boolean("eigen_analysis")) p.eigen = *v;
  if (auto v = in.boolean("disable_damping")) p.no_damping = *v;
  auto plant = [&](const char* name, std::optional<int>& id, SourceLoc& loc, std::string& spelled) {
    if (!in.has(name)) return;
    if (auto v = in.integer(name, 1, 2147483647)) {
      id = static_cast<int>(*v);
      loc = in.loc_of(name);
      spelled = in.node().find(name)->spelled;
    }
  };
  plant("pinput_id", p.plant_input, p.plant_input_loc, p.plant_input_name);
  plant("poutput_id", p.plant_output, p.plant_output_loc, p.plant_output_name);
  if (auto v = in.boolean("write_matlabfiles")) p.write_matrix_files = *v;
  if (auto v = in.boolean("write_energy_dist")) p.write_energy_file = *v;
  if (auto r = mode_range(in, "shape_modes")) p.shape_modes = r;
  if (auto r = mode_range(in, "energy_modes")) p.energy_modes = r;
  if (const DeckAttribute* a = in.attr("matrix_file")) {
    p.matrix_file = std::string(trim(a->value));
    if (p.matrix_file.empty()) in.error("matrix_file", "matrix_file is empty (a file name)");
  }
  for (auto n :
       {"anim_scale", "balancing", "gyroscopic", "write_energy_html", "write_eig_info",
        "write_simulinkmdl", "write_oml", "pstate_id", "ke_modes_exclude", "ke_modes_include",
        "se_modes_exclude", "se_modes_include", "de_modes_exclude", "de_modes_include"}) {
    if (in.has(n)) in.warning(n, std::string(n) + " is not honoured yet and is ignored");
  }
  if (in_command) {
    Command c;
    c.kind = Command::Kind::kParamLinear;
    c.linear = p;
    c.loc = in.node().loc;
    draft.commands.push_back(c);
  } else {
    draft.linear = p;
  }
}

namespace {

void check_ids(const LinearParams& p, const ModelDraft& draft, Diagnostics& diag) {
  auto check = [&](const std::optional<int>& id, const SourceLoc& loc, const std::string& name,
                   const std::vector<DraftArray>& lists, const char* element) {
    if (!id) return;
    std::string known;
    for (const DraftArray& a : lists) {
      if (a.id == *id) return;
      known += (known.empty() ? "" : ", ") + std::to_string(a.id);
    }
    diag.error(loc, p.subject,
               fmt::format(
                   "{} {}: the deck has no {} with that id ({})", name, *id, element,
                   known.empty() ? fmt::format("it defines no {}", element) : "defined: " + known));
  };
  check(p.plant_input, p.plant_input_loc, p.plant_input_name, draft.plant_inputs,
        "Control_PlantInput");
  check(p.plant_output, p.plant_output_loc, p.plant_output_name, draft.plant_outputs,
        "Control_PlantOutput");
}

}  // namespace

void check_linear_plant_ids(const ModelDraft& draft, Diagnostics& diag) {
  check_ids(draft.linear, draft, diag);
  for (const Command& c : draft.commands) {
    if (c.kind == Command::Kind::kParamLinear) check_ids(c.linear, draft, diag);
  }
}

}  // namespace mb
