#include "parser/adm_matrix.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <set>
#include <string>

#include "common/error.hpp"
#include "common/text.hpp"
#include "parser/adams_matrix_file.hpp"
#include "parser/read_file.hpp"

namespace mb::adm {

namespace {
constexpr ArgSpec kMatrixTable[] = {
    {"FULL", ArgKind::kWord},    {"SPARSE", ArgKind::kFlag}, {"ROWS", ArgKind::kInt},
    {"COLUMNS", ArgKind::kInt},  {"I", ArgKind::kInts},      {"J", ArgKind::kInts},
    {"VALUES", ArgKind::kReals}, {"FILE", ArgKind::kText},   {"NAME", ArgKind::kText}};

/// ROWS= or COLUMNS=: a count from 1 to 10000 (reported when missing or out of range).
std::optional<long long> dimension(NodeBuilder& b, std::string_view name) {
  const Arg* a = b.arg(name);
  if (!a) {
    b.require(name);
    return std::nullopt;
  }
  if (a->values.empty()) return std::nullopt;
  const auto v = parse_int(a->values[0].text, 1, 10000);
  if (!v) {
    b.diag().error(a->values[0].loc, b.subject(),
                   fmt::format("{}: expected an integer from 1 to 10000, got '{}'", a->name,
                               a->values[0].text));
  }
  return v;
}

/// I= or J=: k 1-based indices, each at most `max`; "" after reporting.
std::optional<std::vector<long long>> indices(NodeBuilder& b, const Arg& a, long long max,
                                              std::string_view dim) {
  std::vector<long long> out;
  for (const Token& t : a.values) {
    const auto v = parse_int(t.text, 1, max);
    if (!v) {
      b.diag().error(t.loc, b.subject(),
                     fmt::format("{}: '{}' is not an index from 1 to {} ({}={})", a.name, t.text,
                                 max, dim, max));
      return std::nullopt;
    }
    out.push_back(*v);
  }
  return out;
}

void full(NodeBuilder& b, const Arg& order, long long rows, long long cols) {
  const std::string& o = order.values.empty() ? std::string() : order.values[0].text;
  const bool by_rows = iequals(o, "RORDER");
  if (!by_rows && !iequals(o, "CORDER")) {
    b.diag().error(
        order.values.empty() ? order.loc : order.values[0].loc, b.subject(),
        "FULL: expected RORDER (values by rows) or CORDER (by columns), got '" + o + "'");
    return;
  }
  const Arg* v = b.arg("VALUES");
  if (!v) {
    b.require("VALUES");
    return;
  }
  const size_t want = static_cast<size_t>(rows * cols);
  if (!b.reals(*v, want, want)) return;
  std::string text;
  for (const Token& t : v->values) {
    std::string s;
    b.real(*v, t, &s);
    text += (text.empty() ? "" : " ") + s;
  }
  b.set_from("isroworder", by_rows ? "TRUE" : "FALSE", order);
  b.node().text = text;
  b.node().text_loc = v->loc;
}

void sparse(NodeBuilder& b, const Arg& flag, long long rows, long long cols) {
  const Arg* i = b.arg("I");
  const Arg* j = b.arg("J");
  const Arg* v = b.arg("VALUES");
  if (!i || !j || !v) {
    for (auto name : {"I", "J", "VALUES"}) b.require(name);
    return;
  }
  const auto is = indices(b, *i, rows, "ROWS");
  const auto js = indices(b, *j, cols, "COLUMNS");
  const auto vs = b.reals(*v, 1, 1u << 30);
  if (!is || !js || !vs) return;
  if (is->size() != vs->size() || js->size() != vs->size()) {
    b.diag().error(v->loc, b.subject(),
                   fmt::format("SPARSE: I, J and VALUES must have one entry per value; got {} "
                               "I, {} J, {} VALUES",
                               is->size(), js->size(), vs->size()));
    return;
  }
  std::set<std::pair<long long, long long>> seen;
  std::string text;
  for (size_t k = 0; k < vs->size(); ++k) {
    if (!seen.insert({(*is)[k], (*js)[k]}).second) {
      b.diag().error(i->values[k].loc, b.subject(),
                     fmt::format("SPARSE: entry ({}, {}) is given twice (I, J entry {})", (*is)[k],
                                 (*js)[k], k + 1));
      return;
    }
    std::string s;
    b.real(*v, v->values[k], &s);
    text += fmt::format("{}{} {} {}", text.empty() ? "" : "\n", (*is)[k], (*js)[k], s);
  }
  b.set_from("issparse", "TRUE", flag);
  b.set_from("nval", std::to_string(vs->size()), *v);
  b.node().text = text;
  b.node().text_loc = v->loc;
}

/// A text argument without the quotes Adams allows around it.
std::string unquoted(const Arg& a) {
  std::string_view v = trim(a.value);
  if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front()) {
    v = v.substr(1, v.size() - 2);
  }
  return std::string(v);
}

/// FILE=path (relative paths from the dataset's folder), NAME=matrix in the file.
void from_file(NodeBuilder& b, const Arg& file) {
  for (auto name : {"FULL", "SPARSE", "ROWS", "COLUMNS", "I", "J", "VALUES"}) {
    if (const Arg* a = b.arg(name)) {
      b.diag().error(a->loc, b.subject(),
                     a->name + " does not go with FILE= (the file gives the matrix)");
    }
  }
  const std::string given = unquoted(file);
  std::filesystem::path path(given);
  if (path.is_relative() && file.loc.file) {
    path = std::filesystem::path(*file.loc.file).parent_path() / path;
  }
  std::string text;
  try {
    text = read_text_file(path.string());
  } catch (const Error& e) {
    b.diag().error(
        file.value_loc, b.subject(),
        fmt::format("FILE: cannot read the matrix file '{}' ({})", path.string(), e.what()));
    return;
  }
  const Arg* name = b.arg("NAME");
  std::string error;
  const auto d = read_adams_matrix_file(text, name ? unquoted(*name) : "", error);
  if (!d) {
    b.diag().error(name && error.find("no matrix named") != std::string::npos ? name->value_loc
                                                                              : file.value_loc,
                   b.subject(), fmt::format("FILE '{}': {}", given, error));
    return;
  }
  b.set_from("nrow", std::to_string(d->rows), file);
  b.set_from("ncol", std::to_string(d->cols), file);
  b.set_from("isroworder", d->row_order ? "TRUE" : "FALSE", file);
  std::string values;
  for (double v : d->values) values += (values.empty() ? "" : " ") + format_real(v);
  b.node().text = values;
  b.node().text_loc = file.value_loc;
}

}  // namespace

const std::span<const ArgSpec> kMatrixArgs = kMatrixTable;

void build_matrix(NodeBuilder& b) {
  b.set_id();
  if (const Arg* file = b.arg("FILE")) {
    from_file(b, *file);
    return;
  }
  const int form = b.pick_flag({"FULL", "SPARSE"}, true);
  const auto rows = dimension(b, "ROWS");
  const auto cols = dimension(b, "COLUMNS");
  if (form < 0 || !rows || !cols) {
    for (auto name : {"I", "J", "VALUES"}) b.arg(name);  // not read after the error above
    return;
  }
  b.set_from("nrow", std::to_string(*rows), *b.arg("ROWS"));
  b.set_from("ncol", std::to_string(*cols), *b.arg("COLUMNS"));
  if (form == 0) {
    for (auto name : {"I", "J"}) {
      if (const Arg* a = b.arg(name)) {
        b.diag().error(a->loc, b.subject(), a->name + " belongs to SPARSE matrices");
      }
    }
    full(b, *b.arg("FULL"), *rows, *cols);
  } else {
    sparse(b, *b.arg("SPARSE"), *rows, *cols);
  }
}

}  // namespace mb::adm
