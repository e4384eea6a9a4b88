#pragma once
// Lexical layer shared by the Adams dataset (.adm) and command file (.acf) readers.
//
// Layout rules (Adams/Solver):
//   * a statement is `NAME[/[id][,] arg, arg, ...]`; `END` (dataset) or `STOP` (commands) ends
//     the input, later lines are not read;
//   * a line whose first non-blank character is `,` continues the previous statement;
//   * `!` starts a comment that runs to the end of the line; blank lines are ignored;
//   * arguments are `KEY`, `KEY=value` or `KEY=v1,v2,...` (comma or blank separated numbers;
//     the first value may stand on the continuation line: `IP =` then `, 1, 1, 1`);
//     expression arguments (FUNCTION=, F1..F8=, FX..TZ=) run to a backslash, to the end of the
//     statement, or to a comma (inline, or starting a continuation line) that is followed by
//     the next `KEY=` or bare `KEY`; continuation commas inside an expression become blanks;
//   * keywords are case-insensitive and may be abbreviated to any unique prefix.
// Every character keeps its file line:col, so each argument and value gets its SourceLoc.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/diagnostics.hpp"
#include "common/source_loc.hpp"

namespace mb::adm {

/// One statement with its continuation lines joined, comments removed.
struct RawStatement {
  std::string text;  ///< joined text; a continuation line is appended from its column 1
  struct Pos {
    int line = 0;
    int col = 0;
    bool continuation = false;  ///< the `,` that starts a continuation line
  };
  std::vector<Pos> pos;  ///< one per character of `text`
  const std::string* file = nullptr;

  SourceLoc loc(size_t offset) const;
};

/// Splits `text` into statements. The first `skip_lines` lines are not read (the .adm title
/// line, the two file-name lines of an .acf). A statement whose name is `stop_word` ends the
/// input (it is returned as the last statement). Dangling continuation lines are errors.
std::vector<RawStatement> split_statements(std::string_view text, const std::string* file,
                                           int skip_lines, std::string_view stop_word,
                                           Diagnostics& diag);

enum class ArgKind {
  kFlag,   ///< bare keyword: GROUND, REVOLUTE
  kInt,    ///< one integer (ids): I=0102
  kInts,   ///< a list of integers
  kReal,   ///< one real: MASS=1, ANGLE=30D
  kReals,  ///< a list of reals: QP=1,2,3
  kWord,   ///< one word: FORCE=NEWTON, INTERPOLATE=ON
  kExpr,   ///< an expression: FUNCTION=..., F2=...\ (see the header comment)
  kText,   ///< text up to a comma before the next `KEY=` or a flag that ends text (or the end)
};

/// One keyword a statement accepts. `canonical` names the keyword an alias stands for.
/// `ends_text`: a flag that, spelled out in full after a comma, also ends a kText value
/// (FRICTION's I_YOKE after INPUTS=ALL); other bare words there are the text's own (CNAMES).
struct ArgSpec {
  std::string_view name;
  ArgKind kind;
  std::string_view canonical = {};
  bool ends_text = false;
};

struct Token {
  std::string text;
  SourceLoc loc;
};

struct Arg {
  std::string name;     ///< canonical upper-case keyword
  std::string spelled;  ///< as written
  ArgKind kind = ArgKind::kFlag;
  SourceLoc loc;              ///< of the keyword
  std::vector<Token> values;  ///< kInt .. kWord: the values in order
  /// kExpr and kText: the value, continuation commas turned into blanks, trailing blanks cut.
  std::string value;
  SourceLoc value_loc;
  std::vector<unsigned> line_breaks;  ///< offsets into `value` where a new file line starts
};

struct Statement {
  std::string name;     ///< upper-case, as written (not yet resolved against a table)
  std::string spelled;  ///< as written
  SourceLoc loc;
  bool has_slash = false;
  std::optional<Token> id;  ///< a leading integer after the slash
  std::vector<Arg> args;
};

/// Reads `NAME[/[id]` from the statement and leaves `pos` after it; the arguments are read by
/// parse_args().
Statement parse_head(const RawStatement& raw, size_t& pos);

/// Reads the arguments from `pos` with the keyword table `specs` (resolving abbreviations and
/// aliases) into `st.args`. Problems are reported with `subject` (e.g. "PART 2"); arguments
/// that cannot be read are dropped.
void parse_args(const RawStatement& raw, size_t pos, std::span<const ArgSpec> specs, Statement& st,
                const std::string& subject, Diagnostics& diag);

/// Resolves `word` against `names`: exact match, else the unique name it is a prefix of.
/// Returns the index, or -1 (unknown) or -2 (ambiguous prefix).
int resolve_keyword(std::string_view word, std::span<const std::string_view> names);

}  // namespace mb::adm
