#include "solver/linear_state_matrices.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "common/error.hpp"
#include "common/linalg.hpp"
#include "solver/linear_modes.hpp"
#include "solver/linear_plant_model.hpp"
#include "solver/state_layout.hpp"

namespace mb {

namespace {

/// The physical coordinates of the basis columns (P N of the header) and their names.
struct Physical {
  Eigen::MatrixXd PN;
  std::vector<std::string> names;
};

Physical physical_coordinates(const System& sys, const LinearSystem& lin) {
  const Model& model = sys.model();
  const auto k = lin.basis.cols();
  Physical p;
  p.PN.resize(12 * sys.num_moving_bodies() + lin.num_user_states, k);
  Eigen::Index row = 0;
  for (size_t b = 0; b < model.bodies.size(); ++b) {
    const int o = sys.body_offset(static_cast<int>(b));
    if (o < 0) continue;
    const int at = lin.position_of(o);
    const Vec4 e(lin.y[o + kBodyP], lin.y[o + kBodyP + 1], lin.y[o + kBodyP + 2],
                 lin.y[o + kBodyP + 3]);
    const Mat3 R = rotation_from_euler_parameters<double>(e / e.norm());
    for (Eigen::Index c = 0; c < k; ++c) {
      const Eigen::VectorXcd col = lin.basis.col(c).cast<std::complex<double>>();
      const BodyModeShape s = body_mode_shape(lin, col, o);
      for (int i = 0; i < 3; ++i) {
        p.PN(row + i, c) = s.translation[i].real();
        p.PN(row + 3 + i, c) = s.rotation[i].real();
        p.PN(row + 6 + i, c) = lin.basis(at + kBodyV + i, c);
      }
      p.PN.block(row + 9, c, 3, 1) = R * lin.basis.block(at + kBodyW, c, 3, 1);
    }
    for (const char* n : {"x", "y", "z", "ax", "ay", "az", "vx", "vy", "vz", "wx", "wy", "wz"}) {
      p.names.push_back(fmt::format("body{}.{}", model.bodies[b].id, n));
    }
    row += 12;
  }
  for (const StateElement& e : model.state_elements) {
    for (int i = 0; i < e.num_states; ++i) {
      const int at = lin.position_of(sys.state_offset() + e.first_state + i);
      if (at < 0) continue;  // held (dissipated energies, the plant's own probes)
      p.PN.row(row++) = lin.basis.row(at);
      p.names.push_back(fmt::format("{}.x{}", e.subject, i + 1));
    }
  }
  return p;
}

/// The basis columns' independent physical coordinates (sorted row indices of P N).
std::vector<int> independent_rows(const Eigen::MatrixXd& PN) {
  Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(PN.transpose());
  std::vector<int> rows;
  for (Eigen::Index c = 0; c < PN.cols(); ++c) rows.push_back(qr.colsPermutation().indices()(c));
  std::sort(rows.begin(), rows.end());
  return rows;
}

std::vector<std::string> variable_names(const Model& model, const std::vector<int>& vars) {
  std::vector<std::string> names;
  for (int v : vars) names.push_back(fmt::format("VARVAL({})", model.variables[v].id));
  return names;
}

}  // namespace

LinearResult::StateMatrices state_matrices(const Dae& dae, double t, const std::vector<double>& y,
                                           const std::vector<double>& yp,
                                           const std::vector<int>& inputs,
                                           const std::vector<int>& outputs,
                                           const LinearizationOptions& options) {
  const PlantModel plant(dae, t, y, yp, inputs, outputs);
  LinearizationOptions held = options;
  held.num_state_elements = plant.num_model_elements();
  const LinearSystem lin = linearize(plant.dae(), t, plant.y(), plant.yp(), held);
  const Model& model = dae.system().model();

  std::vector<int> u_cols, y_rows;
  for (size_t k = 0; k < inputs.size(); ++k) u_cols.push_back(plant.input_variable(int(k)));
  for (size_t j = 0; j < outputs.size(); ++j) y_rows.push_back(plant.output_variable(int(j)));
  const SpMat j0 = jacobian_matrix(plant.dae(), t, plant.y(), plant.yp(), 0.0);
  const SpMat j1 = jacobian_matrix(plant.dae(), t, plant.y(), plant.yp(), 1.0);
  const auto dense = [](const SpMat& m) { return Eigen::MatrixXd(m); };

  const Blocks b = blocks_of(plant.dae());
  std::vector<int> constraint_rows = b.lambda;
  constraint_rows.insert(constraint_rows.end(), b.pos_rows.begin(), b.pos_rows.end());
  const Eigen::MatrixXd Cu = dense(block(j0, constraint_rows, u_cols));
  for (Eigen::Index k = 0; k < Cu.cols(); ++k) {
    if (Cu.col(k).cwiseAbs().maxCoeff() > 0) {
      throw Error(ExitCode::kAnalysisFailed,
                  fmt::format("linear analysis: plant input VARVAL({}) drives a constraint (a "
                              "motion or a Constraint_General reads it); the state matrices "
                              "take inputs that act as forces only",
                              model.variables[inputs[static_cast<size_t>(k)]].id));
    }
  }
  const Eigen::MatrixXd& N = lin.basis;
  const Eigen::MatrixXd Bz = N.transpose() * lin.S * dense(block(j0, lin.vars, u_cols));
  const Eigen::MatrixXd Yd = dense(block(j0, y_rows, lin.vars));
  const Eigen::MatrixXd Ydp = dense(block(j1, y_rows, lin.vars)) - Yd;
  const Eigen::MatrixXd Yu = dense(block(j0, y_rows, u_cols));
  const Eigen::MatrixXd Cz = -(Yd * N + Ydp * N * lin.A);
  const Eigen::MatrixXd Dz = -(Yu + Ydp * N * Bz);

  const Physical p = physical_coordinates(dae.system(), lin);
  const std::vector<int> rows = independent_rows(p.PN);
  Eigen::MatrixXd T(static_cast<Eigen::Index>(rows.size()), N.cols());
  LinearResult::StateMatrices m;
  for (size_t r = 0; r < rows.size(); ++r) {
    T.row(static_cast<Eigen::Index>(r)) = p.PN.row(rows[r]);
    m.states.push_back(p.names[static_cast<size_t>(rows[r])]);
  }
  const Eigen::FullPivLU<Eigen::MatrixXd> t_lu(T);
  if (T.rows() > 0 && !t_lu.isInvertible()) {
    throw Error(ExitCode::kInternal, "linear analysis: no independent physical coordinates");
  }
  const Eigen::MatrixXd Tinv = T.rows() > 0 ? t_lu.inverse() : Eigen::MatrixXd(0, 0);
  m.A = T * lin.A * Tinv;
  m.B = T * Bz;
  m.C = Cz * Tinv;
  m.D = Dz;
  m.inputs = variable_names(model, inputs);
  m.outputs = variable_names(model, outputs);
  m.input_values = plant.input_values();
  std::vector<double> res(plant.y().size());
  plant.dae().residual(t, plant.y().data(), plant.yp().data(), res.data());
  for (int r : y_rows) m.output_values.push_back(-res[static_cast<size_t>(r)]);  // x' - y = -y
  return m;
}

}  // namespace mb
