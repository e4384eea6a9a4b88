#include "results/curve_reader.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "common/error.hpp"
#include "common/text.hpp"
#include "results/adams_req_reader.hpp"
#include "results/adams_res_reader.hpp"
#include "results/hdf5_reader.hpp"

namespace mb::results {
namespace {

bool is_separator(char c) { return c == '\t' || c == ',' || c == ';' || c == ' '; }

/// Splits a data line on any run of separators.
std::vector<std::string_view> split_data(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_separator(line[i])) ++i;
    std::size_t b = i;
    while (i < line.size() && !is_separator(line[i])) ++i;
    if (i > b) out.push_back(line.substr(b, i - b));
  }
  return out;
}

/// Splits a header line: on tabs if it has any, else on commas, else on blanks. A name may then
/// contain blanks ("x [m]").
std::vector<std::string> split_header(std::string_view line) {
  char sep = 0;
  if (line.find('\t') != std::string_view::npos) {
    sep = '\t';
  } else if (line.find(',') != std::string_view::npos) {
    sep = ',';
  } else if (line.find(';') != std::string_view::npos) {
    sep = ';';
  }
  if (sep == 0) {
    // Blank-separated: a unit written apart ("DX [mm]") belongs to the name before it.
    std::vector<std::string> out;
    for (auto f : split_data(line)) {
      if (!out.empty() && (f.front() == '[' || f.front() == '(')) {
        out.back().append(" ").append(f);
      } else {
        out.emplace_back(f);
      }
    }
    return out;
  }
  std::vector<std::string> out;
  std::size_t b = 0;
  while (b <= line.size()) {
    std::size_t e = line.find(sep, b);
    if (e == std::string_view::npos) e = line.size();
    auto f = trim(line.substr(b, e - b));
    if (!f.empty()) out.emplace_back(f);
    b = e + 1;
  }
  return out;
}

/// nan, inf, infinity (any case, signed, nan(...)): what strtod reads as a number that is not
/// finite. Such a first field is a data row with a bad time, not a title line.
bool is_non_finite_spelling(std::string_view f) {
  if (!f.empty() && (f.front() == '+' || f.front() == '-')) f.remove_prefix(1);
  const std::string s = to_lower(f);
  return s == "nan" || s == "inf" || s == "infinity" || s.starts_with("nan(") || s == "1.#qnan" ||
         s == "1.#inf" || s == "1.#ind";
}

bool starts_with_number(std::string_view line) {
  auto fields = split_data(line);
  return !fields.empty() && parse_real(fields[0]).has_value();
}

/// "x [m]" or "x (m)" -> {"x", "m"}; "x" -> {"x", ""}.
std::pair<std::string, std::string> split_unit(std::string_view field) {
  field = trim(field);
  for (auto [open, close] : {std::pair{'[', ']'}, std::pair{'(', ')'}}) {
    auto b = field.find(open);
    if (b != std::string_view::npos && b > 0 && field.back() == close) {
      return {std::string(trim(field.substr(0, b))),
              std::string(trim(field.substr(b + 1, field.size() - b - 2)))};
    }
  }
  return {std::string(field), ""};
}

}  // namespace

CurveTable parse_curves(std::string_view text, const std::string& source) {
  CurveTable table;
  table.source = source;
  std::optional<std::string> last_header_line;
  std::vector<std::string> header;
  std::size_t ncols = 0;
  int lineno = 0;

  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++lineno;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    auto body = trim(line);
    if (body.empty()) continue;
    if (body.front() == '#') {
      table.comments.emplace_back(trim(body.substr(1)));
      continue;
    }
    if (const auto first = split_data(body); !first.empty() && is_non_finite_spelling(first[0])) {
      throw Error(ExitCode::kDeckError, fmt::format("{}:{}: the time is not a finite number: '{}'",
                                                    source, lineno, first[0]));
    }
    if (!starts_with_number(body)) {
      // A title, units or header line (Adams may repeat page headers after data: ignored).
      if (ncols == 0) last_header_line = std::string(body);
      continue;
    }
    auto fields = split_data(body);
    if (ncols == 0) {
      ncols = fields.size();
      if (ncols < 2) {
        throw Error(
            ExitCode::kDeckError,
            fmt::format("{}:{}: a data row needs a time and at least one value", source, lineno));
      }
      if (last_header_line) {
        auto h = split_header(*last_header_line);
        if (h.size() == ncols) header = std::move(h);
      }
      table.columns.resize(ncols - 1);
    } else if (fields.size() != ncols) {
      throw Error(ExitCode::kDeckError, fmt::format("{}:{}: expected {} fields, found {}", source,
                                                    lineno, ncols, fields.size()));
    }
    for (std::size_t c = 0; c < ncols; ++c) {
      auto v = parse_real(fields[c]);
      if (!v) {
        throw Error(ExitCode::kDeckError,
                    fmt::format("{}:{}: field {} is not a finite number: '{}'", source, lineno,
                                c + 1, fields[c]));
      }
      if (c == 0) {
        if (!table.time.empty() && *v < table.time.back()) {
          throw Error(ExitCode::kDeckError, fmt::format("{}:{}: time decreases ({} after {})",
                                                        source, lineno, *v, table.time.back()));
        }
        table.time.push_back(*v);
      } else {
        table.columns[c - 1].push_back(*v);
      }
    }
  }
  if (ncols == 0) {
    throw Error(ExitCode::kDeckError, fmt::format("{}: no data rows", source));
  }
  for (std::size_t c = 0; c < ncols; ++c) {
    auto [name, unit] = header.empty() ? std::pair{fmt::format("col{}", c + 1), std::string()}
                                       : split_unit(header[c]);
    if (c == 0) {
      table.time_name = name;
    } else {
      table.names.push_back(std::move(name));
      table.units.push_back(std::move(unit));
    }
  }
  return table;
}

CurveTable read_curves(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(ExitCode::kInputNotFound, fmt::format("{}: cannot open file", path));
  const std::string ext = to_lower(std::filesystem::path(path).extension().string());
  char head[8] = {};
  in.read(head, sizeof head);
  if (ext == ".h5" || looks_like_hdf5(std::string_view(head, static_cast<size_t>(in.gcount())))) {
    return read_hdf5_results(path);
  }
  in.clear();
  in.seekg(0);
  std::ostringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  if (ext == ".res" || (ext != ".req" && looks_like_adams_res(text))) {
    return parse_adams_res(text, path);
  }
  if (ext == ".req" || looks_like_adams_req(text)) return parse_adams_req(text, path);
  return parse_curves(text, path);
}

}  // namespace mb::results
