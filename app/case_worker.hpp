#pragma once
// mbsolve DECK --worker: reads the deck once, then runs one case per line of `in` (used by
// mbsweep so that a sweep neither starts a process nor re-parses the deck per case).
//
// Protocol (text lines, fields separated by TAB):
//   worker -> caller, once at start:   ready
//   caller -> worker, one per case:    PREFIX<TAB>NAME=VALUE<TAB>NAME=VALUE...
//   worker -> caller, when it is done: done<TAB>PREFIX<TAB>EXIT_CODE
// The case writes PREFIX.csv/.json/.log exactly like `mbsolve DECK -o PREFIX --set ...`. Element
// path overrides are applied to a copy of the deck read at start (with the worker's own --set
// overrides); a case with placeholder overrides, or any case when the deck read at start had
// errors, reads the file again so that its result is the same as a standalone run. A malformed
// case line is answered with exit code 2 and writes nothing. End of input ends the worker (0).

#include <iosfwd>

#include "app/run_deck.hpp"

namespace mb {

int run_worker(const RunOptions& base, std::istream& in, std::ostream& out);

}  // namespace mb
