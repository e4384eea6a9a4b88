#pragma once
// mbcompare's exit contract. Scripts and the regression suite depend on these values.

namespace mb::compare {

enum class CompareExit : int {
  kPass = 0,   ///< every compared channel met its tolerances
  kFail = 1,   ///< at least one channel failed a check
  kError = 2,  ///< bad arguments, unreadable or malformed files, no channel matched
};

inline int to_int(CompareExit e) { return static_cast<int>(e); }

}  // namespace mb::compare
