#include "models/element_reader.hpp"

#include <algorithm>
#include <climits>

#include "common/text.hpp"

namespace mb {

std::string quoted_value(std::string_view value) {
  constexpr size_t kShown = 32;
  if (value.size() <= 2 * kShown) return "'" + std::string(value) + "'";
  return "'" + std::string(value.substr(0, kShown)) + "...' (" + std::to_string(value.size()) +
         " characters)";
}

ElementReader::ElementReader(const DeckNode& node, Diagnostics& diag)
    : node_(node),
      diag_(diag),
      subject_(node.spelled),
      attribute_asked_(node.attributes.size(), 0) {
  asked_.reserve(32);
  attr("label");
  attr("comment");
  if (const DeckAttribute* a = node.find("id")) {
    if (auto v = parse_int(a->value, 1, INT_MAX)) {
      id_ = static_cast<int>(*v);
      subject_ += " " + std::to_string(id_);
    } else {
      subject_ += " " + (a->value.size() <= 64 ? a->value : a->value.substr(0, 32) + "...");
    }
  }
}

ElementReader::~ElementReader() {
  // A builder that gave up early (and never called finish()) still reports what was missing.
  try {
    report_missing();
  } catch (...) {  // out of memory while unwinding: nothing more can be said
  }
}

int ElementReader::require_id() {
  const DeckAttribute* a = attr("id");
  if (!a) {
    missing("id");
  } else if (id_ == 0) {
    error("id", "id must be an integer in [1, " + std::to_string(INT_MAX) + "] (got " +
                    quoted_value(a->value) + ")");
  }
  return id_;
}

const DeckAttribute* ElementReader::attr(std::string_view name) {
  // Hot when decks are large: no set, no search of the asked names; short names stay in the
  // strings' own buffers. Repeats are harmless (finish() only suggests from them).
  asked_.emplace_back(name);
  const auto& attrs = node_.attributes;
  for (size_t k = 0; k < attrs.size(); ++k) {
    if (attrs[k].name == name) {
      attribute_asked_[k] = 1;
      return &attrs[k];
    }
  }
  return nullptr;
}

bool ElementReader::has(std::string_view name) { return attr(name) != nullptr; }

SourceLoc ElementReader::loc_of(std::string_view name) {
  const DeckAttribute* a = attr(name);
  return a ? a->loc : node_.loc;
}

std::optional<double> ElementReader::real(std::string_view name) {
  const DeckAttribute* a = attr(name);
  if (!a) return std::nullopt;
  auto v = parse_real(a->value);
  if (!v)
    error(name,
          std::string(name) + " must be a finite real number (got " + quoted_value(a->value) + ")");
  return v;
}

double ElementReader::real_or(std::string_view name, double fallback) {
  return real(name).value_or(fallback);
}

std::optional<double> ElementReader::required_real(std::string_view name) {
  if (!has(name)) {
    missing(name);
    return std::nullopt;
  }
  return real(name);
}

std::optional<int> ElementReader::ref(std::string_view name, bool allow_zero) {
  const DeckAttribute* a = attr(name);
  if (!a) return std::nullopt;
  auto v = parse_int(a->value, allow_zero ? 0 : 1, INT_MAX);
  if (!v) {
    error(name, std::string(name) + " must be an element id (an integer " +
                    (allow_zero ? ">= 0" : "> 0") + ", got " + quoted_value(a->value) + ")");
    return std::nullopt;
  }
  return static_cast<int>(*v);
}

std::optional<int> ElementReader::required_ref(std::string_view name) {
  if (!has(name)) {
    missing(name);
    return std::nullopt;
  }
  return ref(name);
}

std::optional<long long> ElementReader::integer(std::string_view name, long long min,
                                                long long max) {
  const DeckAttribute* a = attr(name);
  if (!a) return std::nullopt;
  auto v = parse_int(a->value, min, max);
  if (!v) {
    error(name, std::string(name) + " must be an integer in [" + std::to_string(min) + ", " +
                    std::to_string(max) + "] (got " + quoted_value(a->value) + ")");
  }
  return v;
}

std::optional<bool> ElementReader::boolean(std::string_view name) {
  const DeckAttribute* a = attr(name);
  if (!a) return std::nullopt;
  const std::string v = to_lower(trim(a->value));
  if (v == "true" || v == "yes" || v == "1") return true;
  if (v == "false" || v == "no" || v == "0") return false;
  error(name, std::string(name) + " must be TRUE or FALSE (got " + quoted_value(a->value) + ")");
  return std::nullopt;
}

std::optional<std::string> ElementReader::keyword(std::string_view name,
                                                  std::span<const std::string_view> allowed) {
  const DeckAttribute* a = attr(name);
  if (!a) return std::nullopt;
  const std::string_view v = trim(a->value);
  for (auto k : allowed) {
    if (iequals(v, k)) return std::string(k);
  }
  std::string list;
  for (auto k : allowed) list += (list.empty() ? "" : ", ") + std::string(k);
  const std::string guess = closest_match(v, allowed);
  error(name, std::string(name) + " " + quoted_value(a->value) + " is not allowed (" +
                  (guess.empty() ? "" : "did you mean '" + guess + "'? ") + "allowed: " + list +
                  ")");
  return std::nullopt;
}

void ElementReader::missing(std::string_view name, std::string_view hint) {
  for (const Missing& m : missing_) {
    if (m.name == name) return;
  }
  missing_.push_back({std::string(name), std::string(hint)});
}

void ElementReader::require_all(std::string_view element_name, std::string_view spec) {
  element_name_ = element_name;
  required_ = spec;
}

namespace {

/// The blank-separated groups of a required-attribute spec.
std::vector<std::string_view> spec_groups(std::string_view spec) {
  std::vector<std::string_view> groups;
  size_t k = 0;
  while (k < spec.size()) {
    const size_t end = std::min(spec.find(' ', k), spec.size());
    if (end > k) groups.push_back(spec.substr(k, end - k));
    k = end + 1;
  }
  return groups;
}

}  // namespace

void ElementReader::report_missing() {
  // "<Element> requires a, b, c", told with a missing name of that list when it has several.
  std::string all_required;
  std::vector<std::string_view> listed;
  for (std::string_view g : spec_groups(required_)) {
    listed.push_back(g.substr(0, g.find('|')));
    all_required += (all_required.empty() ? "" : ", ") + std::string(listed.back());
  }
  all_required = std::string(element_name_) + " requires " + all_required;
  // The groups of the reference's list that none of the deck's attributes satisfies.
  for (std::string_view group : spec_groups(required_)) {
    std::vector<std::string_view> names;
    for (size_t k = 0; k <= group.size();) {
      const size_t end = std::min(group.find('|', k), group.size());
      names.push_back(group.substr(k, end - k));
      k = end + 1;
    }
    const bool present = std::any_of(names.begin(), names.end(),
                                     [&](std::string_view n) { return node_.find(n) != nullptr; });
    const bool reported = std::any_of(missing_.begin(), missing_.end(), [&](const Missing& m) {
      return std::find(names.begin(), names.end(), m.name) != names.end();
    });
    if (present || reported) continue;
    std::string hint;
    for (size_t k = 1; k < names.size(); ++k) {
      hint += (k == 1 ? "or '" : ", '") + std::string(names[k]) + "'";
    }
    missing(names.front(), hint.empty() ? hint : hint + " instead");
  }
  required_ = {};
  if (missing_.empty()) return;
  // An attribute nobody asked for that looks like the missing one is probably its misspelling.
  std::vector<std::string_view> unknown;
  for (size_t k = 0; k < node_.attributes.size(); ++k) {
    if (!attribute_asked_[k]) unknown.push_back(node_.attributes[k].name);
  }
  for (const Missing& m : missing_) {
    std::string detail = m.hint;
    if (detail.empty() && listed.size() > 1 &&
        std::find(listed.begin(), listed.end(), m.name) != listed.end()) {
      detail = all_required;
    }
    const std::string guess = closest_match(m.name, unknown);
    if (!guess.empty())
      detail = "found '" + node_.find(guess)->spelled + "': did you mean '" + m.name + "'?";
    error_here("missing required attribute '" + m.name + "'" +
               (detail.empty() ? "" : " (" + detail + ")"));
  }
  missing_.clear();
}

void ElementReader::error(std::string_view attribute, const std::string& message) {
  const DeckAttribute* a = node_.find(attribute);
  diag_.error(a ? a->loc : node_.loc, subject_, message);
}

void ElementReader::error_here(const std::string& message) {
  diag_.error(node_.loc, subject_, message);
}

void ElementReader::warning(std::string_view attribute, const std::string& message) {
  const DeckAttribute* a = node_.find(attribute);
  diag_.warning(a ? a->loc : node_.loc, subject_, message);
}

void ElementReader::warning_here(const std::string& message) {
  diag_.warning(node_.loc, subject_, message);
}

void ElementReader::finish() {
  report_missing();
  std::vector<std::string_view> known(asked_.begin(), asked_.end());
  std::sort(known.begin(), known.end());
  known.erase(std::unique(known.begin(), known.end()), known.end());
  for (size_t k = 0; k < node_.attributes.size(); ++k) {
    const DeckAttribute& a = node_.attributes[k];
    if (attribute_asked_[k]) continue;
    // An attribute added by --set that the element does not know is an error: the user asked
    // for a change that would otherwise silently do nothing.
    const bool from_command_line = a.loc.file && *a.loc.file == "<--set>";
    std::string msg = "unknown attribute '" + a.spelled + "'" +
                      (from_command_line ? " given with --set" : " ignored");
    const std::string guess = closest_match(a.name, known);
    if (!guess.empty()) msg += " (did you mean '" + guess + "'?)";
    if (from_command_line) {
      diag_.error(a.loc, subject_, msg);
    } else {
      diag_.warning(a.loc, subject_, msg);
    }
  }
}

}  // namespace mb
