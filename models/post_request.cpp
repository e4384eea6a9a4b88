#include "models/post_request.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "common/text.hpp"
#include "models/expression_element_reader.hpp"
#include "models/expression_elements.hpp"
#include "models/user_subroutine.hpp"

namespace mb {

namespace {

/// ELEMENTAL_FORCE elem_type keywords and the query function that addresses each family.
struct ElementType {
  std::string_view keyword;
  std::string_view query;
};
constexpr std::array<ElementType, 20> kElementTypes = {{
    {"CONSTRAINT_JOINT", "JOINT"},
    {"JOINT", "JOINT"},
    {"MOTION_JOINT", "MOTION"},
    {"MOTION", "MOTION"},
    {"FORCE_SCALAR_TWOBODY", "SFORCE"},
    {"SFORCE", "SFORCE"},
    {"FORCE_VECTOR_TWOBODY", "VFORCE"},
    {"FORCE_VECTOR_ONEBODY", "VFORCE"},
    {"VFORCE", "VFORCE"},
    {"FORCE_SPRINGDAMPER", "SPDP"},
    {"SPDP", "SPDP"},
    {"FORCE_BUSHING", "BUSH"},
    {"BUSH", "BUSH"},
    {"FORCE_FIELD", "FIELD"},
    {"FIELD", "FIELD"},
    {"FORCE_BEAM", "BEAM"},
    {"BEAM", "BEAM"},
    {"GFORCE", "VFORCE"},
    {"FORCE_CONTACT", "CONTACT"},
    {"CONTACT", "CONTACT"},
}};

/// ELEMENTAL_FORCE: elem_type, element_id, jflag; kept in the draft as type
/// "ELEMENTAL_FORCE:<query>" and values {element_id, jflag}.
void read_elemental_force(ElementReader& in, DraftExpressionElement& d) {
  std::array<std::string_view, kElementTypes.size()> keywords{};
  for (size_t k = 0; k < kElementTypes.size(); ++k) keywords[k] = kElementTypes[k].keyword;
  if (!in.has("elem_type")) {
    in.missing("elem_type",
               "the element's kind, e.g. "
               "Force_Bushing or BUSH");
  } else if (auto t = in.keyword("elem_type", keywords)) {
    for (const auto& e : kElementTypes) {
      if (e.keyword == *t) d.type += ":" + std::string(e.query);
    }
  }
  const std::optional<int> id = in.required_ref("element_id");
  const std::optional<long long> jflag = in.integer("jflag", 0, 1);
  d.values = {static_cast<double>(id.value_or(0)), static_cast<double>(jflag.value_or(0))};
}

}  // namespace

void build_post_request(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  static constexpr std::array<std::string_view, 7> kTypes = {
      "MARKER_DISPLACEMENT", "MARKER_VELOCITY", "MARKER_ACCELERATION", "MARKER_FORCE", "EXPRESSION",
      "ELEMENTAL_FORCE",     "USERSUB"};
  if (!in.has("type")) {
    in.missing("type");
  } else if (auto t = in.keyword("type", kTypes)) {
    d.type = *t;
  }
  const bool marker_request = d.type.starts_with("MARKER_");
  const bool element_request = d.type == "ELEMENTAL_FORCE";
  read_marker(in, d, "i_marker_id", marker_request);
  read_marker(in, d, "j_marker_id", false);
  read_marker(in, d, "ref_marker_id", false);
  if (element_request) read_elemental_force(in, d);
  for (int k = 1; k <= 8; ++k) {
    const std::string n = "expr" + std::to_string(k);
    if ((marker_request || element_request) && in.has(n)) {
      in.error(n, n + " belongs to EXPRESSION requests");
    }
    read_expression(in, d, n);
  }
  // mbsolve extension (from Adams CNAMES/TITLE and CUNITS/CLABELS): comma-separated, entry k
  // for the request's Adams column k (1..8).
  for (auto [name, out] :
       {std::pair{"column_names", &d.column_names}, std::pair{"column_units", &d.column_units}}) {
    const DeckAttribute* a = in.attr(name);
    if (!a) continue;
    for (std::string_view rest = a->value;;) {
      const size_t comma = rest.find(',');
      out->emplace_back(trim(rest.substr(0, comma)));
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
    if (out->size() > 8) in.error(name, std::string(name) + ": at most 8 entries (columns 1 to 8)");
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

bool resolve_request_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit) {
  bool ok = ctx.check_attributes(in, kRequestEdit);
  const auto k = find_id(ctx.model().requests, id);
  if (!k) {
    ctx.not_found(in, id);
    return false;
  }
  const Request& r = ctx.model().requests[*k];
  if (r.type != Request::Type::kExpression) {
    in.error_here("only EXPRESSION requests can be changed by a command");
    return false;
  }
  // The result columns are fixed when the run starts: only present channels can change.
  std::vector<std::string> names;
  for (const auto& ch : r.channels) names.push_back("expr" + ch.substr(1));
  for (const auto& a : in.node().attributes) {
    if (!a.name.starts_with("expr")) continue;
    if (std::find(names.begin(), names.end(), a.name) == names.end()) {
      in.error(a.name, fmt::format("the request has no {} channel to change (its result "
                                   "columns are fixed when the run starts)",
                                   a.name));
      ok = false;
    }
  }
  if (!ok) return false;
  auto& src = ctx.sources("post_request", id);
  DraftExpressionElement d;
  d.node = &in.node();
  d.subject = in.subject();
  d.id = id;
  d.loc = in.node().loc;
  for (const auto& n : names) {
    if (const DeckAttribute* a = in.attr(n)) src[n] = *a;
    d.expressions.push_back(&src[n]);
  }
  ModelEdit::Expressions change{{ModelEdit::List::kRequest, *k}, {}};
  if (!compile_group(ctx.model(), d, true, change.expr, ctx.diag())) return false;
  edit.change = std::move(change);
  return true;
}

}  // namespace mb
