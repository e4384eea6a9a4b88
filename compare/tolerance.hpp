#pragma once
// Tolerance files: which checks a channel must pass.
//
//   # comment (also after a rule)
//   channel NAME METRIC THRESHOLD [dt TIME]
//   kind    KIND METRIC THRESHOLD [dt TIME]
//   default      METRIC THRESHOLD [dt TIME]
//
// METRIC is one of (the same table drives parsing and the messages):
//   max_abs    max |result - reference|                         <= THRESHOLD
//   rms        sqrt(mean (result - reference)^2)                <= THRESHOLD
//   rel_l2     ||result - reference||_2 / ||reference||_2       <= THRESHOLD
//   tube       result inside the reference +- THRESHOLD, swept over +- TIME (dt, default 0)
//   iso18571   ISO/TS 18571 overall rating                      >= THRESHOLD
// A channel (matched by its result or its reference name) gets its `channel` rules if it has
// any, else the rules of its kind, else the `default` rules. Without any default rule the
// built-in default is `default max_abs 1e-9` (our results are written with 17 digits).
// A `channel` rule that names none of the compared channels is an error (compare_tables), not
// a rule silently ignored; except in a file meant for several cases with different channels,
// which says so with a line `shared` (its channel rules apply where their channel is compared).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compare/channel_kind.hpp"

namespace mb::compare {

enum class Metric { kIso18571, kMaxAbs, kRelL2, kRms, kTube };

std::string_view metric_name(Metric m);
std::optional<Metric> parse_metric(std::string_view name);

struct Check {
  Metric metric = Metric::kMaxAbs;
  double threshold = 0;
  double time_tol = 0;  ///< tube only
};

struct ToleranceRule {
  enum class Scope { kChannel, kKind, kDefault } scope = Scope::kDefault;
  std::string channel;       ///< kChannel
  Kind kind = Kind::kOther;  ///< kKind
  Check check;
  int line = 0;

  /// A `channel` rule names the channel compared as result `result_name` with reference
  /// `reference_name` ("stem:column") when it names either (case-insensitive).
  bool names(std::string_view result_name, std::string_view reference_name) const;
};

struct ToleranceSet {
  std::string source;
  std::vector<ToleranceRule> rules;
  bool shared = false;  ///< the line `shared`: channel rules may name channels not compared

  /// The checks of a channel by the precedence above.
  std::vector<Check> checks_for(std::string_view result_name, std::string_view reference_name,
                                Kind kind) const;
};

/// Parses tolerance text; throws mb::Error(kDeckError) with `source:line: message`.
ToleranceSet parse_tolerances(std::string_view text, const std::string& source);
ToleranceSet read_tolerances(const std::string& path);

}  // namespace mb::compare
