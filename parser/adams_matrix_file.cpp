#include "parser/adams_matrix_file.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

#include "common/text.hpp"

namespace mb::adm {

namespace {

/// The largest repeat count and field width read (a record is a line, not a megabyte).
constexpr int kMaxField = 10000;

/// One field of a Fortran format: `width` columns; a number unless `skip` (nX).
struct Field {
  int width = 0;
  int decimals = 0;
  bool skip = false;
};

/// "( 8F8.5 )", "(3F6.3, 2X, E12.4)" -> fields; nothing on a descriptor it does not read.
std::optional<std::vector<Field>> parse_format(std::string_view f, std::string& error) {
  f = trim(f);
  if (f.size() < 2 || f.front() != '(' || f.back() != ')') {
    error = fmt::format("the format '{}' is not in parentheses", f);
    return std::nullopt;
  }
  f = f.substr(1, f.size() - 2);
  std::vector<Field> out;
  for (const std::string& item : split_list(f)) {
    std::string s(trim(item));
    for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    // A scale factor (1P) has no effect on input values: drop it.
    if (const size_t pp = s.find('P'); pp != std::string::npos && pp + 1 < s.size()) {
      s = s.substr(pp + 1);
    }
    size_t p = 0;
    int repeat = 0;
    while (p < s.size() && std::isdigit(static_cast<unsigned char>(s[p]))) {
      repeat = std::min(repeat * 10 + (s[p] - '0'), kMaxField + 1);
      ++p;
    }
    if (p == 0) repeat = 1;
    if (repeat > kMaxField) {
      error = fmt::format("format item '{}': a repeat count above {}", trim(item), kMaxField);
      return std::nullopt;
    }
    if (s.substr(p) == "X") {
      out.push_back({repeat, 0, true});
      continue;
    }
    Field fld;
    const char kind = p < s.size() ? s[p] : '\0';
    int w = 0, d = 0;
    char dot = '\0';
    std::istringstream rest(s.substr(p + 1));
    if ((kind != 'F' && kind != 'E' && kind != 'D' && kind != 'G') || !(rest >> w) || w <= 0 ||
        w > kMaxField) {
      error = fmt::format("format item '{}' is not read by mbsolve (Fw.d, Ew.d, Dw.d, Gw.d, nX)",
                          trim(item));
      return std::nullopt;
    }
    if (rest >> dot && (dot != '.' || !(rest >> d))) {
      error = fmt::format("format item '{}' is not of the form {}w.d", trim(item), kind);
      return std::nullopt;
    }
    fld.width = w;
    fld.decimals = d;
    for (int k = 0; k < repeat; ++k) out.push_back(fld);
  }
  bool any = false;
  for (const Field& x : out) any = any || !x.skip;
  if (!any) {
    error = fmt::format("the format '({})' reads no number", f);
    return std::nullopt;
  }
  return out;
}

/// A Fortran input field: blank -> 0; no decimal point -> `decimals` implied decimals.
std::optional<double> field_value(std::string_view s, int decimals) {
  s = trim(s);
  if (s.empty()) return 0.0;
  std::string t(s);
  for (char& c : t) {
    if (c == 'D' || c == 'd') c = 'E';
  }
  const auto v = parse_real(t);
  if (!v) return std::nullopt;
  if (t.find('.') == std::string::npos && t.find_first_of("Ee") == std::string::npos) {
    return *v * std::pow(10.0, -decimals);
  }
  return v;
}

std::vector<std::string> words(std::string_view line) {
  std::vector<std::string> out;
  std::istringstream in{std::string(line)};
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace

std::optional<MatrixFileData> read_adams_matrix_file(std::string_view text, std::string_view name,
                                                     std::string& error) {
  std::vector<std::string_view> lines;
  for (size_t b = 0; b <= text.size();) {
    size_t e = text.find('\n', b);
    if (e == std::string_view::npos) e = text.size();
    std::string_view l = text.substr(b, e - b);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    lines.push_back(l);
    b = e + 1;
  }
  if (!lines.empty() && lines.back().empty()) lines.pop_back();  // the final newline
  if (lines.empty() || !lines[0].starts_with("ADAMSMAT")) {
    if (!lines.empty() && (lines[0].starts_with("MATRIXx") || lines[0].starts_with("MATSAVE"))) {
      error =
          "record 1: MATRIXx FSAVE and MATSAVE files are not supported by mbsolve (an "
          "ADAMSMAT file is)";
    } else {
      error = "record 1: an Adams matrix file starts with ADAMSMAT";
    }
    return std::nullopt;
  }
  const auto count = lines.size() > 1 ? parse_int(trim(lines[1]), 1, 1000000) : std::nullopt;
  if (!count) {
    error = "record 2: expected the number of matrices in the file";
    return std::nullopt;
  }
  size_t r = 3;  // the names (record 3) are repeated on each description record
  for (long long m = 0; m < *count; ++m) {
    if (r >= lines.size()) {
      error = fmt::format("the file ends before matrix {} of {}", m + 1, *count);
      return std::nullopt;
    }
    const std::string_view desc = lines[r];
    const size_t paren = desc.find('(');
    const auto w = words(desc.substr(0, paren));
    const auto rec = [&](size_t k) { return fmt::format("record {}", k + 1); };
    if (w.size() < 6 || paren == std::string_view::npos) {
      error = rec(r) + ": expected NAME FULL RORDER|CORDER rows columns count (format)";
      return std::nullopt;
    }
    const bool wanted = name.empty() || iequals(w[0], name);
    if (!iequals(w[1], "FULL") && wanted) {
      error = rec(r) + ": matrix " + w[0] + " is " + w[1] +
              "; only FULL matrices are read from a file (give a SPARSE matrix on the MATRIX "
              "statement)";
      return std::nullopt;
    }
    MatrixFileData d;
    d.row_order = iequals(w[2], "RORDER");
    const auto rows = parse_int(w[3], 1, 10000);
    const auto cols = parse_int(w[4], 1, 10000);
    const auto n = parse_int(w[5], 1, 100000000);
    if ((!d.row_order && !iequals(w[2], "CORDER")) || !rows || !cols || !n || *n != *rows * *cols) {
      error = rec(r) +
              ": expected NAME FULL RORDER|CORDER rows columns count, with count = rows "
              "* columns";
      return std::nullopt;
    }
    const auto fields = parse_format(desc.substr(paren), error);
    if (!fields) {
      error = rec(r) + ": " + error;
      return std::nullopt;
    }
    d.rows = *rows;
    d.cols = *cols;
    ++r;
    while (static_cast<long long>(d.values.size()) < *n) {
      if (r >= lines.size()) {
        error = fmt::format("matrix {}: the file ends after {} of its {} values", w[0],
                            d.values.size(), *n);
        return std::nullopt;
      }
      const std::string_view line = lines[r];
      size_t col = 0;
      for (const Field& f : *fields) {
        if (static_cast<long long>(d.values.size()) == *n) break;
        const std::string_view s =
            col < line.size() ? line.substr(col, static_cast<size_t>(f.width)) : "";
        col += static_cast<size_t>(f.width);
        if (f.skip) continue;
        const auto v = field_value(s, f.decimals);
        if (!v) {
          error = fmt::format("{}, columns {}-{}: bad number '{}' in matrix {}", rec(r),
                              col - f.width + 1, col, trim(s), w[0]);
          return std::nullopt;
        }
        d.values.push_back(*v);
      }
      ++r;
    }
    if (wanted) return d;
  }
  error = name.empty() ? "the file holds no matrix"
                       : fmt::format("the file holds no matrix named {}", name);
  return std::nullopt;
}

}  // namespace mb::adm
