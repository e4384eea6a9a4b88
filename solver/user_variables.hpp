#pragma once
// VARSUB Reference_Variables read inside residuals: VARVAL(id) of a variable whose value a user
// subroutine (a C library routine or a Python function) computes, read by force expressions and
// state-element inputs. The routine reads the model through c_sysfnc/c_sysary (bodies, joint
// reactions, DIF/DIF1). Its dependency call (iflag = 1, made once when the System is built)
// records what it reads; a kernel reading the variable takes those bodies, multipliers and
// states as its own local inputs and differentiates the value by forward differences over them
// (solver/state_reads.hpp), so the value is solved with the reader, not lagged. A later call
// reading anything else is an error (usersub/user_call.hpp). The callbacks cannot read forces or
// other variables, so no algebraic loop closes through a VARSUB.
//
// Requests evaluate VARSUB values on their own (solver/request_outputs.cpp).

#include <memory>
#include <vector>

#include "models/model.hpp"
#include "solver/workspace.hpp"
#include "usersub/user_call.hpp"

namespace mb {

class UserVariables {
 public:
  UserVariables() = default;
  /// Makes the dependency call of every VARSUB variable of model `m` at the System-layout state
  /// y0 (bodies and `num_blocks` constraint blocks laid out); the routines see `context`.
  void bind(const Model& m, const UserContext& context, int num_blocks,
            const std::vector<double>& y0);

  /// What the VARSUB of variable v (an index into Model::variables) read in its dependency call.
  const UserDependencies& dependencies(int v) const;

  /// Each variable's PAR array as a run starts it (Workspace::variable_par; empty for variables
  /// that are not VARSUBs).
  std::vector<std::vector<double>> initial_pars() const;

  /// VARVAL(v) at the System-layout state (y, yp), with the run's PAR arrays; the routine sees
  /// `context` (the System). No allocation.
  double value(int v, const UserContext& context, Workspace& ws, const double* y, const double* yp,
               double t) const;

 private:
  struct Bound {
    const Variable* variable = nullptr;
    UserDependencies deps;
    std::vector<double> par;  ///< the routine's PAR array as a run starts it
    std::vector<char> known_bodies, known_blocks, known_states;
  };
  std::vector<std::unique_ptr<Bound>> bound_;  ///< per model variable; null: not a VARSUB
};

}  // namespace mb
