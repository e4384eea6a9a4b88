#pragma once
// The one-line verdict per channel that mbcompare prints, e.g.
//   PASS body2.x <- Revolute_Case01_ADAMS_Pos:X_Pos [position] rms 3.1e-05 <= 0.001

#include <string>

#include "compare/comparison.hpp"

namespace mb::compare {

std::string verdict_line(const ChannelComparison& ch);

/// "N channels compared, M failed" plus the unmatched result channels, if any.
std::string summary_line(const Comparison& cmp);

}  // namespace mb::compare
