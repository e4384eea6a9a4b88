#include "app/case_worker.hpp"

#include <algorithm>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "models/model_builder.hpp"
#include "parser/read_deck.hpp"

namespace mb {

namespace {

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    const size_t tab = line.find('\t', start);
    out.push_back(line.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
    if (tab == std::string::npos) break;
    start = tab + 1;
  }
  return out;
}

}  // namespace

int run_worker(const RunOptions& base, std::istream& in, std::ostream& out) {
  // Read the deck once; if it has problems every case re-reads it and reports them itself.
  std::optional<Deck> deck;
  std::optional<Model> model;  // built once; cases that change only values start from a copy
  try {
    Diagnostics diag;
    Deck d = read_deck_file(base.deck_path, base.overrides, diag);
    if (!diag.has_errors()) deck = std::move(d);
    if (deck) {
      Diagnostics build_diag;
      model = build_model(*deck, build_diag);
      if (build_diag.has_errors()) model.reset();
    }
  } catch (const std::exception&) {
    // Left to each case, which reports it in its JSON.
  }
  out << "ready\n" << std::flush;

  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    const std::vector<std::string> fields = split_tabs(line);
    RunOptions opt = base;
    opt.prefix = fields[0];
    bool ok = !opt.prefix.empty();
    std::vector<Override> case_overrides;
    for (size_t i = 1; i < fields.size() && ok; ++i) {
      std::string error;
      auto o = parse_override(fields[i], error);
      if (!o) {
        std::cerr << "mbsolve --worker: " << error << '\n';
        ok = false;
      } else {
        case_overrides.push_back(std::move(*o));
      }
    }
    if (!ok) {
      out << "done\t" << opt.prefix << '\t' << to_int(ExitCode::kUsage) << '\n' << std::flush;
      continue;
    }
    const bool has_placeholders = std::any_of(case_overrides.begin(), case_overrides.end(),
                                              [](const Override& o) { return !o.is_path(); });
    opt.overrides.insert(opt.overrides.end(), case_overrides.begin(), case_overrides.end());
    if (deck && !has_placeholders) {
      opt.preloaded_deck = &*deck;
      if (model) opt.preloaded_model = &*model;
      opt.overrides = case_overrides;  // the preloaded deck already holds the worker's own
    }
    const ExitCode code = run_deck(opt);
    out << "done\t" << opt.prefix << '\t' << to_int(code) << '\n' << std::flush;
  }
  return 0;
}

}  // namespace mb
