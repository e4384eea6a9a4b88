#include "parser/deck_overrides.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "common/text.hpp"
#include "parser/read_file.hpp"
#include "parser/xml_reader.hpp"

namespace mb {

namespace {

bool is_ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool is_identifier(std::string_view s) {
  return !s.empty() && is_ident_start(s[0]) && std::all_of(s.begin(), s.end(), is_ident_char);
}

/// Two ids name the same element when they are equal as integers, or else as trimmed text.
bool same_id(std::string_view a, std::string_view b) {
  const auto ia = parse_int(a, -(1LL << 62), 1LL << 62);
  const auto ib = parse_int(b, -(1LL << 62), 1LL << 62);
  if (ia && ib) return *ia == *ib;
  return trim(a) == trim(b);
}

/// Overrides by name, the last one of a name winning (as on any command line).
std::map<std::string, const Override*> last_by_name(std::span<const Override> overrides,
                                                    bool paths) {
  std::map<std::string, const Override*> out;
  for (const auto& o : overrides) {
    if (o.is_path() == paths) out[o.name] = &o;
  }
  return out;
}

/// A Static Simulate without end_time or duration is one equilibrium; either attribute makes it
/// quasi-static (models/simulate.hpp): an override that adds one would change the analysis.
bool makes_static_quasi_static(const DeckNode& n, const std::string& attr) {
  if (n.tag != "simulate" || (attr != "end_time" && attr != "duration")) return false;
  const DeckAttribute* type = n.find("analysis_type");
  if (!type || !iequals(trim(type->value), "static")) return false;
  return !n.find("end_time") && !n.find("duration");
}

/// Applies one path override to the matching nodes of `nodes`; returns how many matched.
/// `Type[N]` names the element with id N, or, for elements without ids (Simulate), the N-th
/// element of that type in deck order.
int apply_to(std::vector<DeckNode>& nodes, const ElementPath& p, const Override& o,
             Diagnostics& diag) {
  const std::string tag = to_lower(p.type);
  const std::string attr = to_lower(p.attribute);
  int matched = 0;
  int position = 0;
  for (auto& n : nodes) {
    if (n.tag != tag) continue;
    ++position;
    if (p.id) {
      const DeckAttribute* id = n.find("id");
      if (id ? !same_id(id->value, *p.id) : !same_id(std::to_string(position), *p.id)) continue;
    }
    ++matched;
    if (makes_static_quasi_static(n, attr)) {
      diag.error(command_line_loc(), "",
                 fmt::format("{}={}: {} {} ({}) is a Static analysis; {} would turn it into a "
                             "quasi-static one. Address the Simulate to change by its position "
                             "(e.g. {}[2].{}), or add {} to that Simulate in the deck",
                             o.name, o.value, n.spelled, position, n.loc.str(), p.attribute, p.type,
                             p.attribute, p.attribute));
      continue;
    }
    DeckAttribute* a = n.find(attr);
    if (!a) {
      n.attributes.push_back({});
      a = &n.attributes.back();
      a->name = attr;
      a->spelled = p.attribute;
    }
    a->value = o.value;
    a->loc = a->value_loc = command_line_loc();
    a->line_breaks.clear();
  }
  return matched;
}

}  // namespace

bool Override::is_path() const { return name.find('.') != std::string::npos; }

std::optional<Override> parse_override(std::string_view spec, std::string& error) {
  const size_t eq = spec.find('=');
  if (eq == std::string_view::npos) {
    error = "--set '" + std::string(spec) + "': expected NAME=VALUE";
    return std::nullopt;
  }
  Override o{std::string(trim(spec.substr(0, eq))), std::string(trim(spec.substr(eq + 1)))};
  if (o.name.empty()) {
    error = "--set '" + std::string(spec) + "': the name before '=' is empty";
    return std::nullopt;
  }
  if (o.is_path()) {
    std::string why;
    if (!parse_element_path(o.name, why)) {
      error = "--set '" + std::string(spec) + "': " + why;
      return std::nullopt;
    }
  } else if (!is_identifier(o.name)) {
    error = "--set '" + std::string(spec) +
            "': a placeholder name is letters, digits and '_', an element path is "
            "Type[id].attribute";
    return std::nullopt;
  }
  return o;
}

std::optional<ElementPath> parse_element_path(std::string_view path, std::string& error) {
  ElementPath p;
  size_t i = 0;
  while (i < path.size() && is_ident_char(path[i])) ++i;
  p.type = std::string(path.substr(0, i));
  if (p.type.empty() || !is_ident_start(p.type[0])) {
    error = "expected an element name at the start of '" + std::string(path) + "'";
    return std::nullopt;
  }
  if (i < path.size() && path[i] == '[') {
    const size_t close = path.find(']', i);
    if (close == std::string_view::npos) {
      error = "missing ']' in '" + std::string(path) + "'";
      return std::nullopt;
    }
    const std::string_view id = trim(path.substr(i + 1, close - i - 1));
    if (id.empty()) {
      error = "empty id between '[' and ']' in '" + std::string(path) + "'";
      return std::nullopt;
    }
    p.id = std::string(id);
    i = close + 1;
  }
  if (i >= path.size() || path[i] != '.') {
    error = "expected '.attribute' after '" + std::string(path.substr(0, i)) + "'";
    return std::nullopt;
  }
  p.attribute = std::string(path.substr(i + 1));
  if (!is_identifier(p.attribute)) {
    error = "expected an attribute name after '.' in '" + std::string(path) + "'";
    return std::nullopt;
  }
  return p;
}

SourceLoc command_line_loc() {
  static const std::string* file = intern_path("<--set>");
  return {file, 0, 0};
}

std::string substitute_placeholders(std::string_view text, const std::string& path,
                                    std::span<const Override> overrides, Diagnostics& diag) {
  const auto values = last_by_name(overrides, false);
  std::set<std::string> used;
  std::string out;
  out.reserve(text.size());
  const std::string* file = intern_path(path);
  int line = 1;
  size_t line_start = 0;
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
    if (text[i] == '$' && i + 1 < text.size() && text[i + 1] == '{') {
      const size_t close = text.find('}', i + 2);
      if (close != std::string_view::npos) {
        const std::string name(text.substr(i + 2, close - i - 2));
        if (is_identifier(name)) {
          const auto it = values.find(name);
          if (it != values.end()) {
            out += xml_escape(it->second->value);
            used.insert(name);
          } else {
            diag.error({file, line, static_cast<int>(i - line_start + 1)}, "",
                       "placeholder ${" + name + "} has no value (give one with --set " + name +
                           "=VALUE)");
          }
          i = close + 1;
          continue;
        }
      }
    }
    out += text[i++];
  }
  for (const auto& [name, o] : values) {
    if (used.count(name)) continue;
    diag.error(command_line_loc(), "",
               o->name + "=" + o->value + ": the deck has no placeholder ${" + name + "}, and '" +
                   name + "' is not an element path (Type[id].attribute)");
  }
  return out;
}

void apply_path_overrides(Deck& deck, std::span<const Override> overrides, Diagnostics& diag) {
  for (const auto& o : overrides) {
    if (!o.is_path()) continue;
    std::string why;
    const auto p = parse_element_path(o.name, why);
    if (!p) {
      diag.error(command_line_loc(), "", o.name + ": " + why);
      continue;
    }
    const int matched = apply_to(deck.model, *p, o, diag) + apply_to(deck.commands, *p, o, diag);
    if (matched > 0) continue;

    // Nothing matched: say whether the type or the id is wrong.
    const std::string tag = to_lower(p->type);
    std::vector<std::string> spelled_types;
    std::vector<std::string> ids;
    int count = 0;
    for (const auto* list : {&deck.model, &deck.commands}) {
      for (const auto& n : *list) {
        if (std::find(spelled_types.begin(), spelled_types.end(), n.spelled) == spelled_types.end())
          spelled_types.push_back(n.spelled);
        if (n.tag == tag) {
          ++count;
          const DeckAttribute* id = n.find("id");
          if (id) ids.push_back(std::string(trim(id->value)));
        }
      }
    }
    const bool type_present = std::any_of(spelled_types.begin(), spelled_types.end(),
                                          [&](const std::string& s) { return iequals(s, tag); });
    std::string msg;
    if (!type_present) {
      msg = "no " + p->type + " element in the deck";
      const std::vector<std::string_view> cands(spelled_types.begin(), spelled_types.end());
      const std::string guess = closest_match(p->type, cands);
      if (!guess.empty()) msg += " (did you mean '" + guess + "'?)";
    } else {
      if (ids.empty()) {
        msg = fmt::format(
            "no {}[{}]: the deck has {} {} element(s), which have no id ({}[N] is the N-th in "
            "the deck; {}.{} sets all)",
            p->type, *p->id, count, p->type, p->type, p->type, p->attribute);
      } else {
        msg = "no " + p->type + " element with id " + *p->id;
        std::string list;
        const size_t shown = std::min<size_t>(ids.size(), 10);
        for (size_t k = 0; k < shown; ++k) list += (k ? ", " : "") + ids[k];
        if (ids.size() > shown) list += ", ...";
        msg += " (ids: " + list + ")";
      }
    }
    diag.error(command_line_loc(), "", o.name + ": " + msg);
  }
}

}  // namespace mb
