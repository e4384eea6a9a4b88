#include "sweep/design_csv.hpp"

#include <fstream>
#include <set>
#include <sstream>

#include "common/error.hpp"
#include "common/text.hpp"
#include "sweep/csv_fields.hpp"

namespace mb::sweep {

Design parse_design_csv(std::string_view text, const std::string& source) {
  Design d;
  bool have_header = false;
  int line_no = 0;
  std::size_t pos = 0;
  if (text.starts_with("\xEF\xBB\xBF")) pos = 3;  // the UTF-8 byte order mark Excel writes
  const auto fail = [&](const std::string& msg) {
    throw Error(ExitCode::kDeckError, source + ":" + std::to_string(line_no) + ": " + msg);
  };
  while (pos < text.size()) {
    const std::size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? text.npos : nl - pos);
    pos = nl == std::string_view::npos ? text.size() : nl + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (trim(line).empty() || trim(line).starts_with('#')) continue;
    auto fields = split_csv_line(line);
    if (!fields) fail("unterminated quote");
    if (!have_header) {
      std::set<std::string> seen;
      for (std::size_t k = 0; k < fields->size(); ++k) {
        const std::string& n = (*fields)[k];
        if (n.empty()) fail("empty parameter name in column " + std::to_string(k + 1));
        if (!seen.insert(n).second) fail("parameter '" + n + "' appears twice in the header");
      }
      d.names = std::move(*fields);
      have_header = true;
      continue;
    }
    if (fields->size() != d.names.size()) {
      fail(std::to_string(fields->size()) + " values, the header names " +
           std::to_string(d.names.size()) + " parameters");
    }
    for (std::size_t k = 0; k < fields->size(); ++k) {
      if ((*fields)[k].empty()) fail("empty value for '" + d.names[k] + "'");
    }
    if (d.rows.size() == kMaxCases) {
      fail("more than " + std::to_string(kMaxCases) + " cases; a sweep has at most " +
           std::to_string(kMaxCases));
    }
    d.rows.push_back(std::move(*fields));
  }
  if (!have_header) throw Error(ExitCode::kDeckError, source + ": no header row");
  if (d.rows.empty()) throw Error(ExitCode::kDeckError, source + ": no cases (only a header)");
  return d;
}

Design read_design_csv(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ExitCode::kInputNotFound, path + ": cannot open the design file");
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_design_csv(ss.str(), path);
}

}  // namespace mb::sweep
