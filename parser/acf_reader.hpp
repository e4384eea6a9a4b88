#pragma once
// Reads an Adams command file (.acf): line 1 names the dataset (relative to the .acf's folder;
// `.adm` is appended when the name has no extension and does not exist as written), line 2 is
// the output prefix (may be blank), then commands until STOP or the end of the file:
//   SIMULATE/DYNAMIC|TRANSIENT, END=t | DURATION=dt, STEPS=n | DTOUT=dt
//       -> simulate analysis_type="Transient" end_time|duration num_steps|print_interval
//   SIMULATE/KINEMATIC ...  -> the same, plus analysis_kind="kinematic" (a marker for the
//       solver: the model must have zero degrees of freedom)
//   SIMULATE/STATIC         -> simulate analysis_type="Static"
//   DEACTIVATE/<TYPE>, ID=i[,j..]  -> one deactivate element_type element_id per id
//   ACTIVATE/<TYPE>, ID=...        -> activate, likewise
//   INTEGRATOR/...          -> param_transient (as in a dataset)
//   STOP                    -> stop
// The dataset is loaded into deck.model; deck.commands holds the commands; deck.output_prefix
// is line 2 as written.

#include <string>

#include "common/diagnostics.hpp"
#include "parser/deck.hpp"

namespace mb {

/// Parses command-file text that came from `path`; the dataset it names is read from disk.
Deck read_acf_text(const std::string& text, const std::string& path, Diagnostics& diag);

/// Reads the file; throws Error(kInputNotFound) if it or its dataset cannot be opened.
Deck read_acf_file(const std::string& path, Diagnostics& diag);

}  // namespace mb
