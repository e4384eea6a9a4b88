#include "solver/massless_bodies.hpp"

#include <fmt/format.h>

#include <Eigen/SVD>

#include "common/error.hpp"
#include "solver/state_layout.hpp"

namespace mb {

namespace {
/// Relative size under which a singular value of the (unit-column) block counts as zero.
constexpr double kFreedomThreshold = 1e-8;
}  // namespace

void check_massless_bodies(const Dae& dae, double t, const std::vector<double>& y) {
  const System& sys = dae.system();
  const Model& m = sys.model();
  std::vector<int> cols, owner;  // nu columns without inertia, and their model bodies
  for (size_t b = 0; b < m.bodies.size(); ++b) {
    const Body& body = m.bodies[b];
    const int o = sys.body_offset(static_cast<int>(b));
    if (body.ground || body.point || body.mass != 0 || o < 0) continue;
    const int k = body_of_offset(o);
    const bool no_rotary_inertia = body.inertia_cm.cwiseAbs().maxCoeff() == 0;
    for (int c = 0; c < (no_rotary_inertia ? 6 : 3); ++c) {
      cols.push_back(6 * k + c);
      owner.push_back(static_cast<int>(b));
    }
  }
  if (cols.empty()) return;
  const Blocks b = blocks_of(dae);
  const std::vector<double> yp(static_cast<size_t>(dae.size()), 0.0);
  const SpMat B = block(jacobian_matrix(dae, t, y, yp, 0.0), b.vel_rows, b.nu);
  Eigen::MatrixXd B0 = Eigen::MatrixXd::Zero(B.rows(), static_cast<Eigen::Index>(cols.size()));
  for (size_t c = 0; c < cols.size(); ++c) {
    B0.col(static_cast<Eigen::Index>(c)) = B.col(cols[c]);
    const double norm = B0.col(static_cast<Eigen::Index>(c)).norm();
    if (norm > 0) B0.col(static_cast<Eigen::Index>(c)) /= norm;
  }
  // Free motions of the massless bodies: the right singular vectors of B0 with (near) zero
  // singular values (B0 has at least as many columns as it has rank; pad with zero rows).
  Eigen::MatrixXd padded = Eigen::MatrixXd::Zero(std::max(B0.rows(), B0.cols()), B0.cols());
  padded.topRows(B0.rows()) = B0;
  const Eigen::JacobiSVD<Eigen::MatrixXd> svd(padded, Eigen::ComputeFullV);
  const Eigen::VectorXd& s = svd.singularValues();
  std::vector<int> free_count(m.bodies.size(), 0);
  int freedoms = 0;
  for (Eigen::Index k = 0; k < s.size(); ++k) {
    if (s(k) > kFreedomThreshold) continue;
    ++freedoms;
    // The body that carries the largest part of this free motion.
    Eigen::Index big = 0;
    svd.matrixV().col(k).cwiseAbs().maxCoeff(&big);
    ++free_count[static_cast<size_t>(owner[static_cast<size_t>(big)])];
  }
  if (freedoms == 0) return;
  for (size_t bi = 0; bi < m.bodies.size(); ++bi) {
    if (free_count[bi] == 0) continue;
    const Body& body = m.bodies[bi];
    const bool adams = body.subject.rfind("PART", 0) == 0;
    throw Error(ExitCode::kDeckError,
                fmt::format("{}: the {} has no mass but {} degree{} of freedom that its "
                            "constraints leave free; a massless {} must be moved by its {} alone "
                            "({})",
                            body.subject, adams ? "part" : "body", free_count[bi],
                            free_count[bi] == 1 ? "" : "s", adams ? "part" : "body",
                            adams ? "joints and motions" : "constraints and motions",
                            adams ? "give it MASS= and IP=, or constrain it"
                                  : "give it a mass and inertia, or constrain it"));
  }
}

}  // namespace mb
