#include "compare/comparison.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "common/error.hpp"
#include "common/text.hpp"
#include "compare/resample.hpp"

namespace mb::compare {
namespace {

struct RefChannel {
  const Reference* ref = nullptr;
  std::size_t column = 0;
};

/// The column of `table` called `name`; an error when two columns have that name (which one
/// was meant cannot be known).
std::optional<std::size_t> unique_column(const results::CurveTable& table, std::string_view name,
                                         const std::string& where, std::string_view role) {
  const auto first = table.find(name);
  if (!first) return first;
  for (std::size_t c = *first + 1; c < table.channels(); ++c) {
    if (iequals(table.names[c], name)) {
      throw Error(ExitCode::kUsage,
                  fmt::format("{}{} channel '{}' appears twice in {} (columns {} and {}, time "
                              "being column 1); rename one of them",
                              where, role, table.names[c], table.source, *first + 2, c + 2));
    }
  }
  return first;
}

/// Every `channel` rule of the tolerances must name a compared channel (unless the file is
/// `shared` among cases).
void check_channel_rules(const ToleranceSet& tolerances,
                         const std::vector<ChannelComparison>& channels) {
  if (tolerances.shared) return;
  for (const auto& rule : tolerances.rules) {
    if (rule.scope != ToleranceRule::Scope::kChannel) continue;
    const bool used = std::any_of(channels.begin(), channels.end(), [&](const auto& ch) {
      return rule.names(ch.result_name, ch.reference_name);
    });
    if (used) continue;
    std::string compared;
    for (std::size_t k = 0; k < channels.size() && k < 8; ++k) {
      compared += fmt::format("{}{} = {}", k ? ", " : "", channels[k].result_name,
                              channels[k].reference_name);
    }
    if (channels.size() > 8) compared += fmt::format(", ... ({} in all)", channels.size());
    throw Error(ExitCode::kUsage,
                fmt::format("{}:{}: channel '{}' is not a compared channel (a rule names a "
                            "result channel or STEM:REFERENCE of a compared pair: {}; a file "
                            "for several cases says 'shared')",
                            tolerances.source, rule.line, rule.channel, compared));
  }
}

/// Finds "stem:column" or a bare column name among the references.
std::optional<RefChannel> find_reference(std::span<const Reference> refs, const std::string& name,
                                         const std::string& where) {
  std::string stem, column = name;
  if (auto colon = name.rfind(':'); colon != std::string::npos) {
    stem = name.substr(0, colon);
    column = name.substr(colon + 1);
  }
  std::vector<RefChannel> hits;
  for (const auto& r : refs) {
    if (!stem.empty() && !iequals(stem, r.stem)) continue;
    if (auto c = unique_column(*r.table, column, where, "reference")) hits.push_back({&r, *c});
  }
  if (hits.size() > 1) {
    std::string stems;
    for (const auto& h : hits) stems += (stems.empty() ? "" : ", ") + h.ref->stem;
    throw Error(ExitCode::kUsage,
                fmt::format("{}reference channel '{}' is in several references ({}); write "
                            "STEM:{} in a map file",
                            where, column, stems, column));
  }
  if (hits.empty()) return std::nullopt;
  return hits[0];
}

double check_value(const ChannelComparison& ch, const Check& c, CheckOutcome& out) {
  switch (c.metric) {
    case Metric::kMaxAbs:
      return ch.errors.max_abs;
    case Metric::kRms:
      return ch.errors.rms;
    case Metric::kRelL2:
      return ch.errors.rel_l2;
    case Metric::kTube:
      out.tube = tube_test(ch.time, ch.reference, ch.result, c.threshold, c.time_tol);
      return out.tube->max_excess;
    case Metric::kIso18571:
      return ch.iso ? ch.iso->overall : 0.0;
  }
  return 0.0;
}

void evaluate(ChannelComparison& ch, const ToleranceSet& tolerances, const CompareOptions& opt) {
  const auto checks = tolerances.checks_for(ch.result_name, ch.reference_name, ch.kind);
  if (ch.time.size() < 2) {
    ch.problem =
        fmt::format("only {} reference time(s) inside the result's time range", ch.time.size());
    ch.pass = false;
    return;
  }
  ch.errors = error_metrics(ch.time, ch.reference, ch.result);
  bool need_iso = opt.iso;
  for (const auto& c : checks) need_iso = need_iso || c.metric == Metric::kIso18571;
  if (need_iso) ch.iso = iso18571(ch.reference, ch.result, opt.iso_params);
  ch.pass = true;
  for (const auto& c : checks) {
    CheckOutcome out;
    out.check = c;
    out.value = check_value(ch, c, out);
    if (c.metric == Metric::kTube) {
      out.pass = out.tube->violations == 0;
    } else if (c.metric == Metric::kIso18571) {
      out.pass = out.value >= c.threshold;
    } else {
      out.pass = out.value <= c.threshold;
    }
    ch.pass = ch.pass && out.pass;
    ch.checks.push_back(out);
  }
  if (ch.uncovered > 0) {
    ch.problem =
        fmt::format("{} reference time(s) lie outside the result's time range", ch.uncovered);
    ch.pass = false;
  }
}

ChannelComparison make_channel(const results::CurveTable& result, std::size_t rcol,
                               const RefChannel& rc, double scale, std::optional<Kind> kind) {
  ChannelComparison ch;
  const auto& ref = *rc.ref->table;
  ch.result_name = result.names[rcol];
  ch.reference_name = rc.ref->stem + ":" + ref.names[rc.column];
  ch.scale = scale;
  ch.kind = kind ? *kind : classify(ch.result_name);
  if (ch.kind == Kind::kOther && !kind) ch.kind = classify(ref.names[rc.column]);
  const auto range = covered_range(ref.time, result.time);
  ch.uncovered = ref.rows() - range.size();
  ch.time.assign(ref.time.begin() + static_cast<std::ptrdiff_t>(range.begin),
                 ref.time.begin() + static_cast<std::ptrdiff_t>(range.end));
  for (std::size_t i = range.begin; i < range.end; ++i) {
    ch.reference.push_back(scale * ref.columns[rc.column][i]);
  }
  ch.result = resample(result.time, result.columns[rcol], ch.time);
  return ch;
}

}  // namespace

bool Comparison::pass() const { return failed() == 0; }

std::size_t Comparison::failed() const {
  std::size_t n = 0;
  for (const auto& c : channels) n += c.pass ? 0 : 1;
  return n;
}

std::string path_stem(const std::string& path) {
  return std::filesystem::path(path).stem().string();
}

Comparison compare_tables(const results::CurveTable& result, std::span<const Reference> references,
                          const ChannelMap* map, const ToleranceSet& tolerances,
                          const CompareOptions& options) {
  Comparison cmp;
  if (map) {
    for (const auto& e : map->entries) {
      const std::string where = fmt::format("{}:{}: ", map->source, e.line);
      auto rcol = unique_column(result, e.result, where, "result");
      if (!rcol) {
        throw Error(ExitCode::kUsage, fmt::format("{}result channel '{}' is not in {}", where,
                                                  e.result, result.source));
      }
      auto rc = find_reference(references, e.reference, where);
      if (!rc) {
        throw Error(
            ExitCode::kUsage,
            fmt::format("{}reference channel '{}' is in no reference file", where, e.reference));
      }
      cmp.channels.push_back(make_channel(result, *rcol, *rc, e.scale, e.kind));
    }
  } else {
    for (std::size_t c = 0; c < result.channels(); ++c) {
      unique_column(result, result.names[c], "", "result");
      auto rc = find_reference(references, result.names[c], "");
      if (rc) {
        cmp.channels.push_back(make_channel(result, c, *rc, 1.0, std::nullopt));
      } else {
        cmp.unmatched_result.push_back(result.names[c]);
      }
    }
  }
  if (cmp.channels.empty()) {
    throw Error(ExitCode::kUsage,
                "no channel matched: the result and reference channel names differ; give a map "
                "file (--map)");
  }
  check_channel_rules(tolerances, cmp.channels);
  for (auto& ch : cmp.channels) evaluate(ch, tolerances, options);
  return cmp;
}

}  // namespace mb::compare
