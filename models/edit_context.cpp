#include "models/edit_context.hpp"

#include <fmt/format.h>

#include "common/text.hpp"

namespace mb {

namespace {

std::optional<long long> parse_id(std::string_view s) {
  long long v = 0;
  if (s.empty()) return std::nullopt;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

}  // namespace

std::vector<std::string_view> edit_attributes(const EditRule& rule) {
  std::vector<std::string_view> out;
  std::string_view rest = rule.attributes;
  while (!rest.empty()) {
    const size_t start = rest.find_first_not_of(' ');
    if (start == std::string_view::npos) break;
    rest.remove_prefix(start);
    const size_t end = std::min(rest.find(' '), rest.size());
    out.push_back(rest.substr(0, end));
    rest.remove_prefix(end);
  }
  return out;
}

std::map<std::string, DeckAttribute>& EditContext::sources(std::string_view tag, int id) {
  const std::string key = fmt::format("{}#{}", tag, id);
  auto it = sources_.find(key);
  if (it != sources_.end()) return it->second;
  auto& out = sources_[key];
  for (const auto& n : deck_.model) {
    if (n.tag != tag) continue;
    if (id == 0) {  // the last element of the tag is the model's
      out.clear();
      for (const auto& attr : n.attributes) out[attr.name] = attr;
      continue;
    }
    const DeckAttribute* a = n.find("id");
    if (!a || parse_id(trim(a->value)) != id) continue;
    for (const auto& attr : n.attributes) out[attr.name] = attr;
    break;
  }
  return out;
}

bool EditContext::check_attributes(ElementReader& in, const EditRule& rule) {
  const std::vector<std::string_view> allowed = edit_attributes(rule);
  bool ok = true;
  std::string list;
  for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
  for (const auto& a : in.node().attributes) {
    if (a.name == "id" || a.name == "label") continue;
    if (std::find(allowed.begin(), allowed.end(), a.name) != allowed.end()) continue;
    in.error(a.name, fmt::format("attribute '{}' cannot be changed by a {} command (mbsolve "
                                 "changes: {})",
                                 a.spelled, in.node().spelled, list));
    ok = false;
  }
  return ok;
}

void EditContext::not_found(ElementReader& in, int id) {
  in.error("id", fmt::format("no {} of the model has id {}", in.node().spelled, id));
}

DraftExpressionElement EditContext::expression_draft(
    ElementReader& in, std::map<std::string, DeckAttribute>& src,
    std::initializer_list<std::string_view> names) {
  DraftExpressionElement d;
  d.node = &in.node();
  d.subject = in.subject();
  d.id = in.id();
  d.loc = in.node().loc;
  for (auto n : names) {
    if (const DeckAttribute* a = in.attr(n)) src[std::string(n)] = *a;
    auto it = src.find(std::string(n));
    const DeckAttribute* a = it == src.end() ? nullptr : &it->second;
    if (a && (iequals(trim(a->value), "NULL") || trim(a->value).empty())) a = nullptr;
    d.expressions.push_back(a);
  }
  return d;
}

bool EditContext::rebuild(ElementReader& in, int id, ElementBuilder builder, ModelDraft& draft) {
  auto& src = sources(in.node().tag, id);
  for (const auto& a : in.node().attributes) src[a.name] = a;
  DeckNode merged;
  merged.tag = in.node().tag;
  merged.spelled = in.node().spelled;
  merged.loc = in.node().loc;
  for (const auto& [name, a] : src) merged.attributes.push_back(a);
  Diagnostics scratch_diag;
  {
    ElementReader element(merged, scratch_diag);
    builder(element, draft, true);
  }
  bool ok = true;
  for (const Diagnostic& d : scratch_diag.all()) {
    if (d.severity != Severity::kError) continue;
    diag_.add(d);
    ok = false;
  }
  return ok;
}

}  // namespace mb
