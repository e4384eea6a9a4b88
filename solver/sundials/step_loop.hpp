#pragma once
// Integration to an output time one internal step at a time, for work that must see every
// accepted step (the angle measures' whole turns, angle_history.hpp). Used by the IDA and
// CVODE integrators instead of their NORMAL mode when there is such work.

namespace mb {

/// Calls `step(t)` (one internal step of the integrator in its ONE_STEP mode: returns its flag
/// and sets t to the step's time) until t reaches `tout`, and `accepted()` after each step.
/// Returns the first negative flag at once, else the last flag. The caller interpolates the
/// solution at tout when the last step went past it.
template <class Step, class Accepted>
int step_to(double tout, double& t, Step step, Accepted accepted) {
  for (;;) {
    const int flag = step(t);
    if (flag < 0) return flag;
    accepted();
    if (t >= tout) return flag;
  }
}

}  // namespace mb
