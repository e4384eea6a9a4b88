#include "models/control_plant_io.hpp"

#include <fmt/format.h>

#include <cmath>

#include "models/expression_element_reader.hpp"
#include "models/state_reader.hpp"

namespace mb {

namespace {

void read_plant_list(ElementReader& in, std::vector<DraftArray>& out) {
  DraftArray a;
  a.id = in.require_id();
  a.subject = in.subject();
  a.loc = in.node().loc;
  a.type = ReferenceArray::Type::kU;
  reject_user_subroutines(in);
  if (in.has("type")) in.error("type", "USERSUB plant inputs and outputs are not supported yet");
  in.integer("hold_order", 0, 1000);
  in.real("sampling_period");
  in.real("offset_time");
  const char* count = in.has("num_variable") ? "num_variable" : "num_element";
  const auto n = in.integer(count, 1, 1000000);
  if (!in.has(count)) in.missing("num_element");
  if (!in.has("variable_id_list")) in.missing("variable_id_list");
  a.list_loc = in.loc_of("variable_id_list");
  const auto list = read_number_list(in, "variable_id_list");
  if (!n || !list || !in.has("variable_id_list")) return;
  a.size = static_cast<int>(*n);
  if (static_cast<int>(list->size()) != a.size) {
    in.error("variable_id_list",
             fmt::format("{} is {} but {} variable ids are given", count, a.size, list->size()));
    return;
  }
  for (double v : *list) {
    if (v != std::floor(v) || v <= 0 || v > 2147483647.0) {
      in.error("variable_id_list", fmt::format("variable id {:g} is not a positive integer", v));
      return;
    }
    a.variable_ids.push_back(static_cast<int>(v));
  }
  out.push_back(std::move(a));
}

}  // namespace

void build_control_plantinput(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  read_plant_list(in, draft.plant_inputs);
}

void build_control_plantoutput(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  read_plant_list(in, draft.plant_outputs);
}

}  // namespace mb
