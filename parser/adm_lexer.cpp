#include "parser/adm_lexer.hpp"

#include <cctype>

#include "common/text.hpp"
#include "parser/adams_vocabulary.hpp"

namespace mb::adm {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
bool is_ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

/// An atom: a run of characters that are not blanks, commas, `=` or backslashes.
bool is_atom_char(char c) { return !is_blank(c) && c != ',' && c != '=' && c != '\\'; }

std::string upper(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

std::string_view kind_name(ArgKind k) {
  switch (k) {
    case ArgKind::kFlag:
      return "a bare keyword";
    case ArgKind::kInt:
      return "an integer";
    case ArgKind::kInts:
      return "a list of integers";
    case ArgKind::kReal:
      return "a number";
    case ArgKind::kReals:
      return "a list of numbers";
    case ArgKind::kWord:
      return "a word";
    case ArgKind::kExpr:
      return "an expression";
    case ArgKind::kText:
      return "a text";
  }
  return "a value";
}

class ArgReader {
 public:
  ArgReader(const RawStatement& raw, std::span<const ArgSpec> specs, Statement& st,
            const std::string& subject, Diagnostics& diag)
      : raw_(raw), t_(raw.text), specs_(specs), st_(st), subject_(subject), diag_(diag) {
    for (const auto& s : specs) names_.push_back(s.name);
  }

  void run(size_t p) {
    p_ = p;
    while (true) {
      skip_separators();
      if (p_ >= t_.size()) break;
      if (t_[p_] == '\\') {
        ++p_;
        continue;
      }
      if (t_[p_] == '=') {
        diag_.error(raw_.loc(p_), subject_, "'=' without an argument name before it");
        skip_item();
        continue;
      }
      const size_t key_pos = p_;
      const std::string key = read_atom();
      size_t q = p_;
      while (q < t_.size() && is_blank(t_[q])) ++q;
      const bool has_eq = q < t_.size() && t_[q] == '=';
      if (has_eq) p_ = q + 1;
      read_argument(key, key_pos, has_eq);
    }
  }

 private:
  static bool looks_numeric(std::string_view s) {
    return !s.empty() && (is_digit(s[0]) || s[0] == '+' || s[0] == '-' || s[0] == '.');
  }

  void skip_blanks() {
    while (p_ < t_.size() && is_blank(t_[p_])) ++p_;
  }
  void skip_separators() {
    while (p_ < t_.size() && (is_blank(t_[p_]) || t_[p_] == ',')) ++p_;
  }
  std::string read_atom() {
    const size_t b = p_;
    while (p_ < t_.size() && is_atom_char(t_[p_])) ++p_;
    return t_.substr(b, p_ - b);
  }
  /// Skips to the next comma outside parentheses (error recovery).
  void skip_item() {
    int depth = 0;
    while (p_ < t_.size()) {
      const char c = t_[p_];
      if (c == '(') ++depth;
      if (c == ')' && depth > 0) --depth;
      if ((c == ',' || c == '\\') && depth == 0) break;
      ++p_;
    }
  }

  /// resolve_keyword(), but a prefix of several spellings of one keyword is not ambiguous.
  int resolve(std::string_view word) const {
    const int k = resolve_keyword(word, names_);
    if (k != -2) return k;
    int found = -1;
    std::string_view canon;
    for (size_t i = 0; i < specs_.size(); ++i) {
      const auto& s = specs_[i];
      if (word.size() < s.name.size() && iequals(word, s.name.substr(0, word.size()))) {
        const std::string_view c = s.canonical.empty() ? s.name : s.canonical;
        if (found >= 0 && c != canon) return -2;
        if (found < 0) found = static_cast<int>(i);
        canon = c;
      }
    }
    return found;
  }

  /// True if the text at `q` (after blanks) is a keyword that starts the next argument:
  /// an identifier followed by `=`, or (unless `needs_eq`) a bare identifier followed by `,`,
  /// `\` or the end.
  bool next_is_keyword(size_t q, bool needs_eq = false) const {
    while (q < t_.size() && is_blank(t_[q])) ++q;
    if (q >= t_.size() || !is_ident_start(t_[q])) return false;
    while (q < t_.size() && is_ident_char(t_[q])) ++q;
    while (q < t_.size() && is_blank(t_[q])) ++q;
    if (needs_eq) return q < t_.size() && t_[q] == '=';
    return q >= t_.size() || t_[q] == '=' || t_[q] == ',' || t_[q] == '\\';
  }

  void read_argument(const std::string& key, size_t key_pos, bool has_eq) {
    const std::string ukey = upper(key);
    const int k = resolve(ukey);
    if (k < 0) {
      if (k == -2) {
        diag_.error(raw_.loc(key_pos), subject_,
                    "ambiguous argument '" + key + "' (abbreviation of several keywords)");
      } else {
        report_unread_argument(key, ukey, key_pos);
      }
      if (has_eq) skip_value_list();
      return;
    }
    const ArgSpec* spec = &specs_[static_cast<size_t>(k)];
    std::string_view canonical = spec->canonical.empty() ? spec->name : spec->canonical;
    Arg arg;
    arg.name = std::string(canonical);
    arg.spelled = key;
    arg.kind = spec->kind;
    arg.loc = raw_.loc(key_pos);
    for (const auto& a : st_.args) {
      if (a.name == arg.name) {
        diag_.error(arg.loc, subject_, "argument " + arg.name + " is given twice");
        if (has_eq) skip_item();
        return;
      }
    }
    if (spec->kind == ArgKind::kFlag) {
      if (has_eq) {
        diag_.error(arg.loc, subject_, arg.name + " takes no value");
        skip_item();
        return;
      }
    } else if (!has_eq) {
      diag_.error(arg.loc, subject_,
                  arg.name + ": missing '=' and " + std::string(kind_name(spec->kind)));
      return;
    } else if (spec->kind == ArgKind::kExpr) {
      if (!read_expression(arg)) return;
    } else if (spec->kind == ArgKind::kText) {
      read_text(arg);
    } else if (!read_values(arg)) {
      return;
    }
    st_.args.push_back(std::move(arg));
  }

  /// An argument this statement does not read: "not supported" when Adams has the keyword,
  /// "unknown" otherwise; a suggestion only for a misspelling of the same word. Reported once
  /// per statement kind and keyword (one root cause, one error).
  void report_unread_argument(const std::string& key, const std::string& ukey, size_t key_pos) {
    const std::string best = closest_match(ukey, names_);
    const bool suggest = !best.empty() && is_misspelling_of(ukey, best);
    std::string msg;
    if (is_adams_argument(ukey)) {
      msg = ukey + " is not supported by mbsolve" +
            (suggest ? " (it reads " + best + ")" : std::string());
    } else {
      msg = "unknown argument '" + key + "'" +
            (suggest ? " (did you mean '" + best + "'?)" : std::string());
    }
    diag_.error_grouped("adm-argument:" + st_.name + ":" + ukey, raw_.loc(key_pos), subject_, msg);
  }

  /// Error recovery after an argument that is not read: skips its value and the further list
  /// items (numbers, quoted texts) up to the next keyword.
  void skip_value_list() {
    skip_item();
    while (p_ < t_.size() && t_[p_] == ',') {
      size_t q = p_ + 1;
      while (q < t_.size() && (is_blank(t_[q]) || (t_[q] == ',' && raw_.pos[q].continuation))) {
        ++q;
      }
      if (q >= t_.size() || is_ident_start(t_[q])) break;
      p_ = q;
      skip_item();
    }
  }

  bool read_values(Arg& arg) {
    skip_blanks();
    // Adams/View writes `IP =` with the values on the continuation line: `, 1, 1, 1`.
    if (p_ < t_.size() && t_[p_] == ',' && raw_.pos[p_].continuation) {
      size_t q = p_ + 1;
      while (q < t_.size() && is_blank(t_[q])) ++q;
      size_t e = q;
      while (e < t_.size() && is_atom_char(t_[e])) ++e;
      size_t f = e;
      while (f < t_.size() && is_blank(t_[f])) ++f;
      if (e > q && (f >= t_.size() || t_[f] != '=')) p_ = q;
    }
    const bool list = arg.kind == ArgKind::kInts || arg.kind == ArgKind::kReals;
    // An empty first value: `IC=,2` gives the second value only (a joint's initial velocity
    // without its displacement). It is kept as an empty value for the statement to read.
    if (list && p_ < t_.size() && t_[p_] == ',') {
      size_t q = p_ + 1;
      while (q < t_.size() && is_blank(t_[q])) ++q;
      size_t e = q;
      while (e < t_.size() && is_atom_char(t_[e])) ++e;
      if (e > q && looks_numeric(std::string_view(t_).substr(q, e - q))) {
        arg.values.push_back({std::string(), raw_.loc(p_)});
        p_ = q;
      }
    }
    if (p_ >= t_.size() || !is_atom_char(t_[p_])) {
      diag_.error_grouped("adm-missing-value:" + st_.name + ":" + arg.name, arg.loc, subject_,
                          arg.name + ": missing value after '='");
      return false;
    }
    while (true) {
      const size_t b = p_;
      std::string v = read_atom();
      arg.values.push_back({std::move(v), raw_.loc(b)});
      if (!list) break;
      // Another value follows after a comma or blanks if it is a number not followed by '='.
      size_t q = p_;
      while (q < t_.size() && is_blank(t_[q])) ++q;
      if (q < t_.size() && t_[q] == ',') ++q;
      while (q < t_.size() && (is_blank(t_[q]) || (t_[q] == ',' && raw_.pos[q].continuation))) ++q;
      size_t e = q;
      while (e < t_.size() && is_atom_char(t_[e])) ++e;
      if (e == q || !looks_numeric(std::string_view(t_).substr(q, e - q))) break;
      size_t f = e;
      while (f < t_.size() && is_blank(t_[f])) ++f;
      if (f < t_.size() && t_[f] == '=') break;
      p_ = q;
    }
    return true;
  }

  /// The characters [b, e) as a value: continuation commas become blanks, trailing blanks go.
  void take_value(Arg& arg, size_t b, size_t e) {
    while (e > b && is_blank(t_[e - 1])) --e;
    arg.value_loc = raw_.loc(b);
    arg.value.clear();
    for (size_t i = b; i < e; ++i) {
      if (i > b && raw_.pos[i].line != raw_.pos[i - 1].line)
        arg.line_breaks.push_back(static_cast<unsigned>(i - b));
      arg.value += raw_.pos[i].continuation ? ' ' : t_[i];
    }
  }

  /// True if the text at `q` (after blanks) is a flag of this statement that ends text
  /// (ArgSpec::ends_text), spelled out in full and followed by `,`, `\` or the end.
  bool next_ends_text(size_t q) const {
    while (q < t_.size() && is_blank(t_[q])) ++q;
    const size_t b = q;
    while (q < t_.size() && is_ident_char(t_[q])) ++q;
    if (q == b || !next_is_keyword(b)) return false;
    const std::string_view word(t_.data() + b, q - b);
    for (const auto& s : specs_) {
      if (s.ends_text && iequals(word, s.name)) return true;
    }
    return false;
  }

  /// Text runs to the end of the statement or to a comma followed by the next `KEY=` or a flag
  /// that ends text.
  void read_text(Arg& arg) {
    skip_blanks();
    size_t e = p_;
    for (; e < t_.size(); ++e) {
      if (t_[e] == ',' && (next_is_keyword(e + 1, true) || next_ends_text(e + 1))) break;
    }
    take_value(arg, p_, e);
    p_ = e;
  }

  bool read_expression(Arg& arg) {
    skip_blanks();
    const size_t b = p_;
    int depth = 0;
    size_t open_at = 0;
    size_t e = b;
    bool by_backslash = false;
    for (; e < t_.size(); ++e) {
      const char c = t_[e];
      if (c == '(') {
        if (depth == 0) open_at = e;
        ++depth;
      } else if (c == ')') {
        if (depth > 0) --depth;
      } else if (c == '\\') {
        by_backslash = true;
        break;
      } else if (c == ',' && depth == 0) {
        if (!raw_.pos[e].continuation) break;
        // A continuation comma ends the expression only if the expression is complete (does
        // not end with an operator) and the next line starts with a keyword.
        size_t k = e;
        while (k > b && (is_blank(t_[k - 1]) || raw_.pos[k - 1].continuation)) --k;
        const char last = k > b ? t_[k - 1] : '=';
        const bool open_operator = last == '+' || last == '-' || last == '*' || last == '/' ||
                                   last == '(' || last == '=' || last == '^';
        if (!open_operator && next_is_keyword(e + 1)) break;
      }
    }
    if (depth > 0) {
      diag_.error(
          raw_.loc(open_at), subject_,
          arg.name + ": unterminated expression: '(' is not closed before " +
              (by_backslash ? std::string("the '\\'") : std::string("the end of the statement")));
      p_ = by_backslash ? e + 1 : e;
      return false;
    }
    take_value(arg, b, e);
    if (arg.value.empty()) {
      diag_.error(arg.loc, subject_, arg.name + ": missing expression after '='");
      p_ = by_backslash ? e + 1 : e;
      return false;
    }
    p_ = by_backslash ? e + 1 : e;
    return true;
  }

  const RawStatement& raw_;
  const std::string& t_;
  std::span<const ArgSpec> specs_;
  std::vector<std::string_view> names_;
  Statement& st_;
  const std::string& subject_;
  Diagnostics& diag_;
  size_t p_ = 0;
};

}  // namespace

SourceLoc RawStatement::loc(size_t offset) const {
  if (pos.empty()) return {file, 0, 0};
  if (offset >= pos.size()) {
    const Pos& last = pos.back();
    return {file, last.line, last.col + 1};
  }
  return {file, pos[offset].line, pos[offset].col};
}

std::vector<RawStatement> split_statements(std::string_view text, const std::string* file,
                                           int skip_lines, std::string_view stop_word,
                                           Diagnostics& diag) {
  std::vector<RawStatement> out;
  bool have_current = false;
  int line_no = 0;
  size_t start = 0;
  while (start <= text.size()) {
    size_t nl = text.find('\n', start);
    if (nl == std::string_view::npos) nl = text.size();
    std::string_view line = text.substr(start, nl - start);
    const bool last_line = nl >= text.size();
    start = nl + 1;
    ++line_no;
    if (line_no <= skip_lines) {
      if (last_line) break;
      continue;
    }
    // Cut the comment and the line end.
    const size_t bang = line.find('!');
    if (bang != std::string_view::npos) line = line.substr(0, bang);
    while (!line.empty() && (line.back() == '\r' || is_blank(line.back()))) line.remove_suffix(1);
    size_t first = 0;
    while (first < line.size() && is_blank(line[first])) ++first;
    if (first < line.size()) {
      if (line[first] == ',') {
        if (!have_current) {
          diag.error({file, line_no, static_cast<int>(first + 1)}, "",
                     "continuation line (starting with ',') does not follow a statement");
        } else {
          RawStatement& st = out.back();
          for (size_t i = 0; i < line.size(); ++i) {
            st.text += line[i];
            st.pos.push_back({line_no, static_cast<int>(i + 1), i == first});
          }
        }
      } else {
        RawStatement st;
        st.file = file;
        for (size_t i = first; i < line.size(); ++i) {
          st.text += line[i];
          st.pos.push_back({line_no, static_cast<int>(i + 1), false});
        }
        // A statement named `stop_word` ends the input.
        size_t e = 0;
        while (e < st.text.size() && is_ident_char(st.text[e])) ++e;
        const bool stop = !stop_word.empty() && iequals(st.text.substr(0, e), stop_word);
        out.push_back(std::move(st));
        have_current = true;
        if (stop) break;
      }
    }
    if (last_line) break;
  }
  return out;
}

Statement parse_head(const RawStatement& raw, size_t& pos) {
  Statement st;
  const std::string& t = raw.text;
  pos = 0;
  while (pos < t.size() && is_ident_char(t[pos])) ++pos;
  st.spelled = t.substr(0, pos);
  st.name = upper(st.spelled);
  st.loc = raw.loc(0);
  while (pos < t.size() && is_blank(t[pos])) ++pos;
  if (pos < t.size() && t[pos] == '/') {
    st.has_slash = true;
    ++pos;
    // A leading integer not followed by '=' is the id.
    size_t q = pos;
    while (q < t.size() && (is_blank(t[q]) || t[q] == ',')) ++q;
    size_t e = q;
    while (e < t.size() && is_atom_char(t[e])) ++e;
    size_t f = e;
    while (f < t.size() && is_blank(t[f])) ++f;
    bool integer = e > q;
    for (size_t i = q; i < e; ++i) integer = integer && (is_digit(t[i]) || (i == q && t[i] == '-'));
    if (integer && (f >= t.size() || t[f] != '=')) {
      st.id = Token{t.substr(q, e - q), raw.loc(q)};
      pos = e;
    }
  }
  return st;
}

void parse_args(const RawStatement& raw, size_t pos, std::span<const ArgSpec> specs, Statement& st,
                const std::string& subject, Diagnostics& diag) {
  ArgReader(raw, specs, st, subject, diag).run(pos);
}

int resolve_keyword(std::string_view word, std::span<const std::string_view> names) {
  for (size_t i = 0; i < names.size(); ++i) {
    if (iequals(word, names[i])) return static_cast<int>(i);
  }
  int found = -1;
  for (size_t i = 0; i < names.size(); ++i) {
    if (word.size() < names[i].size() && iequals(word, names[i].substr(0, word.size()))) {
      if (found >= 0) return -2;
      found = static_cast<int>(i);
    }
  }
  return found;
}

}  // namespace mb::adm
