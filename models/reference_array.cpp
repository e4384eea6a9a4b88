#include "models/reference_array.hpp"

#include <fmt/format.h>

#include <array>
#include <cmath>

#include "common/text.hpp"
#include "models/expression_element_reader.hpp"
#include "models/state_reader.hpp"
#include "models/user_subroutine.hpp"

namespace mb {

void build_reference_array(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftArray a;
  a.id = in.require_id();
  a.subject = in.subject();
  a.loc = in.node().loc;
  static constexpr std::array<std::string_view, 4> kTypes = {"X", "U", "Y", "IC"};
  std::string type = "IC";
  if (!in.has("type")) {
    in.missing("type", "X, U, Y or IC");
    return;
  }
  if (auto t = in.keyword("type", kTypes)) {
    type = *t;
  } else {
    return;
  }
  a.type = type == "X"   ? ReferenceArray::Type::kX
           : type == "U" ? ReferenceArray::Type::kU
           : type == "Y" ? ReferenceArray::Type::kY
                         : ReferenceArray::Type::kIC;
  const auto n = in.integer("num_element", 0, 1000000);
  if (!in.has("num_element")) in.missing("num_element");
  if (!n) return;
  // An X or Y array of num_element 0 takes its size from the state element that uses it (the
  // Adams ARRAY/id, X without SIZE); the other types list their entries.
  if (*n == 0 && a.type != ReferenceArray::Type::kX && a.type != ReferenceArray::Type::kY) {
    in.error("num_element",
             "num_element must be at least 1 (0 is allowed for type X and Y arrays only: "
             "sized by the state element that uses them)");
    return;
  }
  a.size = static_cast<int>(*n);
  if (has_user_subroutine(in)) {
    if (a.type != ReferenceArray::Type::kU) {
      in.error_here("only a type U array can be filled by a user subroutine (ARYSUB)");
      return;
    }
    bool failed = false;
    a.user = read_user_subroutine(in, "ARYSUB", failed);
    if (!a.user) return;
    if (in.has("variable_id") || !trim(in.node().text).empty()) {
      in.error_here("give the variable ids or a user subroutine (ARYSUB), not both");
      return;
    }
    draft.arrays.push_back(std::move(a));
    return;
  }
  const bool has_ids = in.has("variable_id");
  a.list_loc = has_ids ? in.loc_of("variable_id") : in.node().text_loc;
  const auto list = read_number_list(in, has_ids ? "variable_id" : "");
  if (!list) return;
  if (a.type == ReferenceArray::Type::kX || a.type == ReferenceArray::Type::kY) {
    if (!list->empty()) {
      in.error_here("a type " + type +
                    " array is filled by the solver: give num_element only, no values");
    }
  } else if (static_cast<int>(list->size()) != a.size) {
    in.error_here(
        fmt::format("num_element is {} but {} {} given", a.size, list->size(),
                    a.type == ReferenceArray::Type::kU ? "variable ids are" : "values are"));
    return;
  }
  if (a.type != ReferenceArray::Type::kU && has_ids) {
    in.error("variable_id", "variable_id belongs to type U arrays");
  }
  if (a.type == ReferenceArray::Type::kU) {
    for (double v : *list) {
      if (v != std::floor(v) || v <= 0 || v > 2147483647.0) {
        in.error_here(fmt::format("variable id {:g} is not a positive integer", v));
        return;
      }
      a.variable_ids.push_back(static_cast<int>(v));
    }
  } else if (a.type == ReferenceArray::Type::kIC) {
    a.values = *list;
  }
  draft.arrays.push_back(std::move(a));
}

}  // namespace mb
