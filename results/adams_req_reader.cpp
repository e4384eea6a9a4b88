#include "results/adams_req_reader.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cstddef>
#include <vector>

#include "common/error.hpp"
#include "common/text.hpp"

namespace mb::results {
namespace {

[[noreturn]] void fail(const std::string& source, int line, const std::string& message) {
  throw Error(ExitCode::kDeckError, fmt::format("{}:{}: {}", source, line, message));
}

/// The text's lines without their line ends ("\n" or "\r\n").
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    pos = end + 1;
  }
  return lines;
}

std::vector<std::string_view> fields_of(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t b = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > b) out.push_back(line.substr(b, i - b));
  }
  return out;
}

bool is_integer(std::string_view f) { return parse_int(f, -2147483647, 2147483647).has_value(); }

}  // namespace

bool looks_like_adams_req(std::string_view text) {
  const std::size_t nl = text.find('\n');
  const auto f = fields_of(text.substr(0, nl));
  return !f.empty() && f[0].size() >= 4 && f[0].starts_with("A.R") &&
         std::isdigit(static_cast<unsigned char>(f[0][3]));
}

CurveTable parse_adams_req(std::string_view text, const std::string& source) {
  const auto lines = split_lines(text);
  if (lines.empty() || !looks_like_adams_req(lines[0])) {
    fail(source, 1,
         "not an Adams request file: the first line must start with its format tag "
         "(A.R3)");
  }
  if (lines.size() < 3) fail(source, static_cast<int>(lines.size()), "the header ends early");
  const auto head = fields_of(lines[2]);
  const auto nreq = head.empty() ? std::nullopt : parse_int(head[0], 0, 1000000);
  if (!nreq) {
    fail(source, 3, fmt::format("expected the number of requests first, got '{}'", trim(lines[2])));
  }
  CurveTable table;
  table.source = source;
  table.time_name = "time";
  table.comments.emplace_back(trim(lines[1]));
  if (head.size() >= 3) {
    table.comments.push_back(fmt::format("units {}, scale {}", head[1], head[2]));
  }

  // Id records: one line of integers per request.
  std::size_t li = 3;
  std::vector<long long> ids;
  while (ids.size() < static_cast<std::size_t>(*nreq)) {
    if (li >= lines.size()) fail(source, static_cast<int>(li), "the request id records end early");
    const auto f = fields_of(lines[li]);
    if (f.empty()) {
      ++li;
      continue;
    }
    bool all_int = true;
    for (auto x : f) all_int = all_int && is_integer(x);
    if (!all_int) {
      fail(source, static_cast<int>(li + 1),
           fmt::format("expected the id record of request {} of {} (integers), got '{}'",
                       ids.size() + 1, *nreq, trim(lines[li])));
    }
    ids.push_back(*parse_int(f[0], -2147483647, 2147483647));
    ++li;
  }

  // Records: time, then six values per request.
  const std::size_t width = 1 + 6 * ids.size();
  std::vector<std::vector<double>> columns(6 * ids.size());
  std::size_t k = 0;  // position inside the current record
  int record_line = 0;
  for (; li < lines.size(); ++li) {
    for (auto f : fields_of(lines[li])) {
      const int line = static_cast<int>(li + 1);
      const auto v = parse_real(f);
      if (!v) fail(source, line, fmt::format("'{}' is not a finite number", f));
      if (k == 0) {
        if (!table.time.empty() && *v < table.time.back()) {
          fail(source, line, fmt::format("time decreases ({} after {})", *v, table.time.back()));
        }
        table.time.push_back(*v);
        record_line = line;
      } else {
        columns[k - 1].push_back(*v);
      }
      k = (k + 1) % width;
    }
  }
  if (k != 0) {
    fail(source, record_line,
         fmt::format("the record of time {} ends after {} of its {} values (1 time + 6 per "
                     "request)",
                     table.time.back(), k, width));
  }
  if (table.time.empty()) fail(source, static_cast<int>(li), "no output times");
  static constexpr const char* kComponents[] = {"f2", "f3", "f4", "f6", "f7", "f8"};
  for (std::size_t r = 0; r < ids.size(); ++r) {
    for (std::size_t c = 0; c < 6; ++c) {
      table.add_channel(fmt::format("req{}.{}", ids[r], kComponents[c]),
                        std::move(columns[6 * r + c]));
    }
  }
  return table;
}

}  // namespace mb::results
