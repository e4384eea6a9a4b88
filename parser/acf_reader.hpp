#pragma once
// Reads an Adams command file (.acf) in the two layouts Adams/Solver accepts:
//   * classic: line 1 names the dataset (relative to the .acf's folder; `.adm` is appended when
//     the name has no extension and does not exist as written), line 2 is the output prefix
//     (may be blank), then commands;
//   * Adams/View: line 1 blank (or already a command), then commands, among them
//     `FILE/MODEL=NAME[, OUTPUT_PREFIX=P]` that loads NAME(.adm) and sets the prefix (NAME
//     unless OUTPUT_PREFIX= is given).
// Commands end at STOP (any case) or at the end of the file; `!` starts a comment; a line
// ending in `&` continues on the next one, as does a line starting with `,`; command names and
// keywords may be abbreviated (sim/dyn, equil, accg). The commands:
//   SIMULATE/DYNAMIC(S)|TRANSIENT, END=t | DURATION=dt, STEPS=n | DTOUT=dt
//       -> simulate analysis_type="Transient" end_time|duration num_steps|print_interval
//   SIMULATE/KINEMATIC(S) ... -> the same, plus analysis_kind="kinematic" (a marker for the
//       solver: the model must have zero degrees of freedom)
//   SIMULATE/STATIC(S)      -> simulate analysis_type="Static"
//   SIMULATE/INITIAL_CONDITIONS -> simulate analysis_type="Assembly"
//   DEACTIVATE/<TYPE>, ID=i[,j..] | RANGE=i,j  -> one deactivate element_type element_id per id
//   ACTIVATE/<TYPE>, ...                       -> activate, likewise
//   INTEGRATOR/...          -> param_transient (as in a dataset)
//   EQUILIBRIUM/...         -> param_static (ERROR, MAXIT, IMBALANCE, STABILITY)
//   VARIABLE/id, FUNCTION=  -> reference_variable edit (expr)
//   SFORCE/id, FUNCTION=    -> force_scalar_twobody edit (val_expression)
//   MOTION/id, FUNCTION=    -> motion_joint or motion_marker edit (expr), as the dataset has it
//   PART/id, MASS=, VX..WZ= -> body_rigid edit (mass, v_ic_*, w_ic_*)
//   ACCGRAV/IGRAV=, ...     -> force_gravity edit
//   STOP                    -> stop
// Commands that only set output or solver options mbsolve does not have (OUTPUT, PREFERENCES,
// ENVIRONMENT, KINEMATICS, LSOLVER, DEBUG, SHOW, INFO, HELP, MENU, TIME, RETURN) get one warning
// per command kind; the other Adams commands are refused, once per kind, as not supported.
// The dataset is loaded into deck.model; deck.commands holds the commands; deck.output_prefix
// is the prefix as written.

#include <string>

#include "common/diagnostics.hpp"
#include "parser/deck.hpp"

namespace mb {

/// Parses command-file text that came from `path`; the dataset it names is read from disk.
Deck read_acf_text(const std::string& text, const std::string& path, Diagnostics& diag);

/// Reads the file; throws Error(kInputNotFound) if it or its dataset cannot be opened.
Deck read_acf_file(const std::string& path, Diagnostics& diag);

}  // namespace mb
