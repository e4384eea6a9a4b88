#pragma once
// Exceptions that carry an exit code across layers. User-input problems are reported through
// these; internal invariants use MB_ASSERT (a bug: exit 70).

#include <stdexcept>
#include <string>

#include "common/diagnostics.hpp"
#include "common/exit_code.hpp"

namespace mb {

/// An error with a message meant for the user and the exit code it maps to.
class Error : public std::runtime_error {
 public:
  Error(ExitCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
  ExitCode code() const { return code_; }

 private:
  ExitCode code_;
};

/// The deck has errors; `diagnostics` lists all of them (and the warnings met on the way).
class DeckError : public Error {
 public:
  explicit DeckError(Diagnostics diagnostics)
      : Error(ExitCode::kDeckError, "the deck has errors"), diagnostics_(std::move(diagnostics)) {}
  const Diagnostics& diagnostics() const { return diagnostics_; }

 private:
  Diagnostics diagnostics_;
};

[[noreturn]] void assertion_failed(const char* expr, const char* file, int line);

}  // namespace mb

/// Internal invariant: a failure is a bug in mbsolve (exit 70), never a user error.
#define MB_ASSERT(cond) \
  ((cond) ? static_cast<void>(0) : ::mb::assertion_failed(#cond, __FILE__, __LINE__))
