#pragma once
// The model of a linear analysis with plant inputs and outputs (Control_PlantInput /
// Control_PlantOutput, Adams PINPUT / POUTPUT): the run's model with one-state elements appended
// after its own state elements, so that the System's exact Jacobian (solver/system.hpp) carries
// the derivatives the state matrices need (solver/linear_state_matrices.hpp):
//   held input k    x' = 0, x(0) = u_k0: every reader of the input's Reference_Variable (VARVAL,
//                   PINVAL, ARYVAL of a U array, a state element's input) reads this state
//                   instead of the variable's expression, so dF/dx is dF/du_k, exactly
//   output probe j  x' = y_j (Form kLinear, B = 1, the output's Reference_Variable as input):
//                   the row's derivative is -dy_j/d(state) and -dy_j/du (through the held
//                   inputs), exactly
// u_k0, the inputs' values at the operating point, come from a first augmented model whose
// probes read the input variables (x' - u = 0 at x' = 0 gives -u). The appended states sit
// after the model's user states; motion and coupler states move up by their number (y and y'
// are extended accordingly).

#include <memory>
#include <vector>

#include "models/model.hpp"
#include "solver/system_blocks.hpp"

namespace mb {

class PlantModel {
 public:
  /// `base`: the run's Dae at (t, y, yp); `inputs`, `outputs`: indices into Model::variables.
  PlantModel(const Dae& base, double t, const std::vector<double>& y, const std::vector<double>& yp,
             const std::vector<int>& inputs, const std::vector<int>& outputs);
  ~PlantModel();
  PlantModel(const PlantModel&) = delete;
  PlantModel& operator=(const PlantModel&) = delete;

  const Dae& dae() const { return *dae_; }
  const std::vector<double>& y() const { return y_; }
  const std::vector<double>& yp() const { return yp_; }
  /// The number of state elements of the run's model (the appended ones follow).
  int num_model_elements() const { return num_model_elements_; }
  /// System variable of held input k / output probe j.
  int input_variable(int k) const { return first_added_ + k; }
  int output_variable(int j) const { return first_added_ + num_inputs_ + j; }
  /// The inputs' values at the operating point.
  const std::vector<double>& input_values() const { return u0_; }

 private:
  struct Built;  ///< a Model, its System, Workspace and Dae, alive together
  std::unique_ptr<Built> built_;
  const Dae* dae_ = nullptr;
  std::vector<double> y_, yp_, u0_;
  int num_model_elements_ = 0, first_added_ = 0, num_inputs_ = 0;
};

}  // namespace mb
