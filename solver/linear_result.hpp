#pragma once
// What a linear analysis reports (RunReport::linear): its operating point, how far that is from
// an equilibrium, its modes with their body mode shapes and, with plant inputs or outputs, its
// state matrices (the application writes them: log, JSON summary `linear`, <prefix>_eigen.csv,
// <prefix>_modes.csv and the state-matrix files of app/linear_files.hpp).

#include <Eigen/Core>
#include <array>
#include <complex>
#include <optional>
#include <string>
#include <vector>

namespace mb {

struct LinearResult {
  double t = 0;  ///< the operating point's time
  /// Largest |acceleration| (v', w' and user-state derivatives) and |velocity| at the operating
  /// point: both 0 at an equilibrium (model units).
  double residual_acceleration = 0, velocity = 0;
  int states = 0;  ///< size of the minimal-coordinate state (2 DOF + user states)
  bool no_damping = false;
  struct BodyShape {
    int body_id = 0;  ///< the deck id of the Body_Rigid
    std::array<std::complex<double>, 3> translation, rotation;
    double kinetic_energy_share = 0;  ///< of the mode's kinetic energy, 0 to 1
  };
  struct ModeResult {
    std::complex<double> eigenvalue;  ///< 1 / time unit
    double frequency = 0;             ///< undamped natural frequency, cycles per time unit
    double damping_ratio = 0;
    std::vector<BodyShape> bodies;  ///< every moving body, model order
    struct ElementShare {
      std::string subject;             ///< "<Element> <id>"
      double strain_energy_share = 0;  ///< of the mode's strain energy, 0 to 1
    };
    /// Every elastic element (solver/linear_strain_energy.hpp), force-kernel order.
    std::vector<ElementShare> elements;
  };
  std::vector<ModeResult> modes;
  /// x' = A x + B u, y = C x + D u (solver/linear_state_matrices.hpp), when the analysis names
  /// plant inputs or outputs.
  struct StateMatrices {
    Eigen::MatrixXd A, B, C, D;
    std::vector<std::string> states, inputs, outputs;  ///< row and column names
    std::vector<double> input_values;                  ///< u at the operating point
    std::vector<double> output_values;                 ///< y at the operating point
  };
  std::optional<StateMatrices> state_matrices;
  /// Which files the analysis asks for (Param_Linear write_matlabfiles, write_energy_dist) and
  /// the state matrices' file name (Adams STATEMAT FILE=; empty: the output prefix).
  bool write_matrix_files = true, write_energy_file = true;
  std::string matrix_file;
};

}  // namespace mb
