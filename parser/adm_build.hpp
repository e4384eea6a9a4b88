#pragma once
// Turns the arguments of one Adams statement or command into one Deck node in the MotionSolve
// vocabulary: values are checked (integers, numbers with the Adams `D` degree suffix) and every
// attribute is stamped with the location of the argument it came from. Arguments a handler does
// not use are reported as ignored (warning), so nothing is dropped silently.

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/diagnostics.hpp"
#include "parser/adm_lexer.hpp"
#include "parser/deck.hpp"

namespace mb::adm {

/// A number as Adams writes it: plain, with a Fortran `D` exponent (1.5D-3), or with a trailing
/// `D` degree suffix (90D, converted to radians; `*degrees` tells which).
std::optional<double> parse_number(std::string_view s, bool* degrees = nullptr);

/// Shortest text that reads back to exactly `v`.
std::string format_real(double v);

class NodeBuilder {
 public:
  /// `subject` names the statement in messages, e.g. "PART 2".
  NodeBuilder(std::string_view tag, const Statement& st, std::string subject, Diagnostics& diag);

  /// Warns about the arguments no handler asked for, and returns the node.
  DeckNode finish();

  DeckNode& node() { return node_; }
  const Statement& statement() const { return st_; }
  const std::string& subject() const { return subject_; }
  Diagnostics& diag() { return diag_; }

  /// The folders the dataset names for user libraries (PREFERENCES/LIBPATH), shared by the
  /// statements of one dataset; nullptr when the builder has none (command files).
  std::vector<std::filesystem::path>* library_folders() const { return library_folders_; }
  void set_library_folders(std::vector<std::filesystem::path>* folders) {
    library_folders_ = folders;
  }

  /// The argument with this canonical name, or nullptr; marks it as used.
  const Arg* arg(std::string_view name);
  bool has(std::string_view name) { return arg(name) != nullptr; }

  /// Sets an attribute (replacing one of the same name).
  void set(std::string_view name, std::string value, const SourceLoc& loc,
           const SourceLoc& value_loc, std::string_view spelled,
           std::vector<unsigned> line_breaks = {});
  /// Sets an attribute that comes from the statement as a whole (its location).
  void set_fixed(std::string_view name, std::string value);
  /// Sets an attribute from an argument's keyword location.
  void set_from(std::string_view name, std::string value, const Arg& a);

  /// Sets `id` from the statement id; reports a missing or bad id. Returns the id.
  std::optional<long long> set_id();

  /// Checked value readers (they report bad values with the argument's name).
  std::optional<long long> integer(const Arg& a, const Token& t);
  std::optional<double> real(const Arg& a, const Token& t, std::string* text = nullptr);
  /// All values of a list argument as numbers; reports a count outside [min, max].
  std::optional<std::vector<double>> reals(const Arg& a, size_t min, size_t max);

  /// Copies an integer argument (ids: leading zeros dropped). False if absent or bad.
  bool copy_int(std::string_view arg_name, std::string_view attr);
  /// Copies a real argument (kept as written unless it carries the degree suffix).
  bool copy_real(std::string_view arg_name, std::string_view attr);
  /// Copies a list argument of exactly attrs.size() numbers to the attributes in order.
  bool copy_reals(std::string_view arg_name, std::initializer_list<std::string_view> attrs);
  /// Copies a word argument verbatim.
  bool copy_word(std::string_view arg_name, std::string_view attr);
  /// Copies an expression or text argument verbatim, with its line breaks.
  bool copy_text(std::string_view arg_name, std::string_view attr);

  /// Marks the arguments no handler has asked for as used and reports them together in one
  /// warning: "<subject>: [<lead>; ]A, B are not used by mbsolve (<why>); ignored" (just
  /// <lead> when there are none; nothing when there is neither).
  void ignore_rest(std::string_view why, std::string_view lead = {});

  /// Reports that `arg_name` is required when it is absent. Returns presence.
  bool require(std::string_view arg_name);

  /// The one flag of `flags` that is given (reports more than one; none: -1, reported when
  /// `required`, listing the choices).
  int pick_flag(std::initializer_list<std::string_view> flags, bool required);

 private:
  DeckNode node_;
  const Statement& st_;
  std::string subject_;
  Diagnostics& diag_;
  std::vector<bool> used_;
  std::vector<std::filesystem::path>* library_folders_ = nullptr;
};

/// I -> i_marker_id, J -> j_marker_id (both required).
void markers_ij(NodeBuilder& b);

/// One Adams statement the dataset reader knows: its name, its arguments, the Deck node it
/// becomes ("" = none) and the function that fills that node from the parsed statement.
struct StatementRow {
  std::string_view name;
  std::span<const ArgSpec> args;
  std::string_view tag;
  void (*build)(NodeBuilder&) = nullptr;
};

/// Short names for the argument kinds, for the statements' argument tables.
namespace arg_kinds {
constexpr ArgKind F = ArgKind::kFlag;
constexpr ArgKind I = ArgKind::kInt;
constexpr ArgKind IS = ArgKind::kInts;
constexpr ArgKind R = ArgKind::kReal;
constexpr ArgKind RS = ArgKind::kReals;
constexpr ArgKind W = ArgKind::kWord;
constexpr ArgKind E = ArgKind::kExpr;
constexpr ArgKind T = ArgKind::kText;
}  // namespace arg_kinds

/// INTEGRATOR (dataset statement or command) -> param_transient: GSTIFF, DSTIFF, VSTIFF,
/// MSTIFF, ABAM -> integrator_type; the other Adams integrators run as the nearest one mbsolve
/// has, with one warning: WSTIFF, HASTIFF, CONSTANT_BDF -> GSTIFF; HHT, NEWMARK -> GSTIFF with
/// I3 (unless SI2/SI1 is given); RKF45 -> ABAM. I3|SI2|SI1 -> dae_index 3|2|1; ERROR ->
/// integr_tol; HMAX/HMIN/HINIT -> h_max/h_min/h0_max; KMAX -> max_order. MAXIT, INTERPOLATE
/// (checked ON|OFF), CORRECTOR, PATTERN, ADAPTIVITY, SCALE, ALPHA..: one warning.
extern const std::span<const ArgSpec> kIntegratorArgs;
void build_integrator(NodeBuilder& b);

/// "NAME id" or "NAME" for messages.
std::string subject_of(const Statement& st);

}  // namespace mb::adm
