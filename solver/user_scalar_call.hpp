#pragma once
// One call of a user routine that returns one number (a VARSUB at output time, a SENSUB, a
// SEVSUB) on the System's state, outside the residuals: the routine reads the System through
// the callbacks (solver/user_context.hpp), with nothing recorded and every body readable.

#include <vector>

#include "usersub/user_subroutine.hpp"

namespace mb {

class System;
class AngleHistory;

/// The value of `sub` for element `id` at (t, y, yp) (System layout; yp may be null: DIF1 is
/// then unavailable). `par` receives a copy of the routine's PAR array, which the routine may
/// overwrite (no allocation once `par` can hold it).
/// `angles`: the run's angle tracks (Workspace::angles), which the routine's angle measures read.
/// `iflag`: 1 for the routine's initialisation call, 0 otherwise.
double user_scalar_value(const System& sys, AngleHistory& angles, const UserSubroutine& sub, int id,
                         double t, const double* y, const double* yp, std::vector<double>& par,
                         int iflag = 0);

}  // namespace mb
