// Oracles for the constraints' part of the residual and Jacobian (System::constraint_residual,
// System::constraint_jacobian), which the ODE form's right-hand side and projection evaluate
// instead of the full ones:
// * equal to the full residual and Jacobian (System::residual, System::jacobian: every kernel,
//   itself checked against finite differences in jacobian_test.cpp) at every row and position
//   that the acceleration system K and the projection read, on a model with gravity, a
//   spring-damper, a bushing, a torque reading a velocity, a user state, a velocity motion, a
//   coupler and a Constraint_General, at a state off the constraints with non-zero y' and
//   multipliers; the force and state kernels do write elsewhere (the two parts differ there);
// * the accelerations and reactions solved with it satisfy the DAE: the differential rows of the
//   full residual vanish, and so does the time derivative of the velocity rows (a central
//   difference of the full residual along (1, y'));
// * a force reading a joint's reaction writes the multiplier columns of its body's rows: the
//   acceleration solve then takes the full Jacobian.
// * on every joint type, Jprim and motion kind (displacement, acceleration, Bryant angle of a
//   Motion_Marker), between moving bodies and to ground: equal to the full Jacobian at every
//   position constraint_only_position() names (the joints' rows are differentiated by their
//   positions alone and the rest scattered from B, JointKernel::linear_partials).
// * the projection (A A^T filled in place) lands on the constraints from a perturbed state, and
//   its tangent projection of a random increment leaves the constraint rows unchanged to first
//   order.
// * started from the Jacobian of a nearby state (the acceleration solve's, which is the
//   constraints' Jacobian there), the projection lands on the constraints at the point the
//   exact iteration reaches; a Jacobian from farther than ConstraintProjector::kNearbyDistance
//   tolerances is not used (the run is the plain one, bit for bit), one from nearby is.

#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "solver/system_blocks.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

/// Wheels 2 and 3 on revolute joints coupled 2 q1 + q2 = 0, wheel 2 driven at 2 + sin t rad/s
/// (a velocity motion) against a torque that reads its spin; a bob (body 4) held 1 from a ground
/// point by a Constraint_General; a free body 5 on a spring-damper to ground and a bushing to the
/// bob; a user state driven by body 5's velocity. `extra` adds elements.
std::string mechanism(const std::string& extra) {
  return R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Reference_Marker id="11" body_id="1" pos_x="3"/>
    <Reference_Marker id="12" body_id="1" pos_y="2"/>
    <Reference_Marker id="13" body_id="1" pos_x="-2" pos_y="1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.3" inertia_yy="0.3" inertia_zz="0.5"/>
    <Reference_Marker id="20" body_id="2"/>
    <Body_Rigid id="3" cg_id="30" mass="1" inertia_xx="0.1" inertia_yy="0.1" inertia_zz="0.2"/>
    <Reference_Marker id="30" body_id="3" pos_x="3"/>
    <Body_Rigid id="4" cg_id="40" mass="0.5" inertia_xx="0.01" inertia_yy="0.02" inertia_zz="0.03"
                v_ic_z="0.4"/>
    <Reference_Marker id="40" body_id="4" pos_x="1" pos_y="2"/>
    <Body_Rigid id="5" cg_id="50" mass="1.5" inertia_xx="0.04" inertia_yy="0.05" inertia_zz="0.06"
                v_ic_x="0.3" w_ic_y="1.2"/>
    <Reference_Marker id="50" body_id="5" pos_x="-1" pos_y="1.5"/>
    <Reference_Marker id="51" body_id="5" pos_x="-1.2" pos_y="1.4"/>
    <Constraint_Joint id="1" type="REVOLUTE" i_marker_id="20" j_marker_id="10"/>
    <Constraint_Joint id="2" type="REVOLUTE" i_marker_id="30" j_marker_id="11"/>
    <Constraint_Coupler id="7" joint1_id="1" joint2_id="2" coefficients="2, 1"/>
    <Motion_Joint id="5" joint_id="1" joint_type="R" val_type="V" type="EXPRESSION"
                  ic_disp="0" expr="2 + SIN(TIME)"/>
    <Constraint_General id="1" i_marker_id="40" expr="DM(40,12) - 1.0"/>
    <Force_SpringDamper id="1" type="TRANSLATIONAL" i_marker_id="51" j_marker_id="13"
                        stiffness="300" damping="5" length="0.4"/>
    <Force_Bushing id="2" i_marker_id="50" j_marker_id="40" kx="40" ky="50" kz="60" cx="1"
                   cy="1" cz="1" ktx="3" kty="4" ktz="5" ctx="0.1" cty="0.1" ctz="0.1"/>
    <Force_Scalar_TwoBody id="3" type="Torque" i_marker_id="30" j_marker_id="11"
                          val_expression="0.65 - 0.1*WZ(30)"/>
    <Control_Diff id="1" expr="VX(50) - 2*DIF(1)"/>
    )XML" +
         extra + R"XML(
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="0.1"/>
  </Command></MotionSolve>)XML";
}

/// A chain of 16 bodies, each on one joint, Jprim or motion to the previous body or to ground,
/// markers off the centres of mass: every joint type, three Jprims, a displacement motion on the
/// revolute joint, an acceleration motion (two states) on the translational one and a Bryant
/// angle motion (Motion_Marker B1) on a free body.
std::string joint_chain() {
  std::string deck = R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1" pos_x="0.2" pos_y="-0.1" pos_z="0.3"/>)XML";
  for (int b = 2; b <= 17; ++b) {
    const std::string id = std::to_string(b);
    deck += "<Body_Rigid id=\"" + id + "\" cg_id=\"" + id + "0\" mass=\"1." + id +
            "\" inertia_xx=\"0.1\" inertia_yy=\"0.2\" inertia_zz=\"0.3\"/>\n";
    deck += "<Reference_Marker id=\"" + id + "0\" body_id=\"" + id + "\"/>\n";
    deck += "<Reference_Marker id=\"" + id + "1\" body_id=\"" + id + "\" pos_x=\"0.3\" pos_y=\"0." +
            id + "\" pos_z=\"-0.2\"/>\n";
  }
  // Joint k: I marker on body k + 1, J on body k (its marker k1) or ground (10).
  const char* joints[] = {"Joint type=\"SPHERICAL",
                          "Joint type=\"REVOLUTE",
                          "Joint type=\"TRANSLATIONAL",
                          "Joint type=\"CYLINDRICAL",
                          "Joint type=\"UNIVERSAL",
                          "Joint type=\"HOOKE",
                          "Joint type=\"CONSTANT_VELOCITY",
                          "Joint type=\"PLANAR",
                          "Joint type=\"FIXED",
                          "Joint type=\"SCREW\" pitch=\"0.7",
                          "Joint type=\"RACK_PINION\" pitch_diameter=\"0.3",
                          "Jprim type=\"INLINE",
                          "Jprim type=\"PERPENDICULAR",
                          "Jprim type=\"ORIENTATION",
                          "Jprim type=\"PARALLEL_AXES"};
  for (int k = 1; k <= 15; ++k) {
    const std::string j = k % 4 == 1 ? "10" : std::to_string(k) + "1";
    deck += "<Constraint_" + std::string(joints[k - 1]) + "\" id=\"" + std::to_string(k) +
            "\" i_marker_id=\"" + std::to_string(k + 1) + "0\" j_marker_id=\"" + j + "\"/>\n";
  }
  return deck + R"XML(
    <Motion_Joint id="1" joint_id="2" joint_type="R" val_type="D" expr="0.3*SIN(TIME)"/>
    <Motion_Joint id="2" joint_id="3" joint_type="T" val_type="A" ic_disp="0.1" ic_vel="0.2"
                  expr="-2*SIN(2*TIME)"/>
    <Motion_Marker id="3" i_marker_id="171" j_marker_id="10" direction="B1" expr="0.3*SIN(TIME)"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="0.1"/>
  </Command></MotionSolve>)XML";
}

/// A deck's System and Dae (the Dae evaluates in the Workspace beside it: not movable).
struct Setup {
  explicit Setup(const std::string& deck)
      : model(test::model_inline(deck)),
        sys(*model),
        ws(sys.make_workspace()),
        dae(sys, ws),
        b(blocks_of(dae)) {}
  Setup(const Setup&) = delete;
  Setup& operator=(const Setup&) = delete;

  std::unique_ptr<Model> model;
  System sys;
  Workspace ws;
  Dae dae;
  Blocks b;
};

/// The pattern positions of (rows, cols), each row and column a variable index.
std::vector<int> positions(const SparsePattern& p, const std::vector<int>& rows,
                           const std::vector<int>& cols) {
  std::vector<int> out;
  for (int r : rows) {
    for (int c : cols) {
      const int k = p.position(r, c);
      if (k >= 0) out.push_back(k);
    }
  }
  return out;
}

/// The positions the constraints' Jacobian is read at: the multipliers' columns of the
/// differential rows (K), the velocity and position rows' differential columns (K, the
/// projection and the Newton matrix's curvature).
std::vector<int> read_positions(const SparsePattern& p, const Blocks& b) {
  std::vector<int> read = positions(p, b.diff, b.lambda);
  for (const std::vector<int>* rows : {&b.vel_rows, &b.pos_rows}) {
    const std::vector<int> more = positions(p, *rows, b.diff);
    read.insert(read.end(), more.begin(), more.end());
  }
  return read;
}

/// A state off the constraints with every y' and multiplier non-zero: y0 moved by up to
/// `amplitude` (seeded), y' and the algebraic variables of size up to 20 amplitude.
void off_constraint_state(const System& sys, unsigned seed, double amplitude,
                          std::vector<double>& y, std::vector<double>& yp) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> uni(-amplitude, amplitude);
  y = sys.initial_state();
  yp.assign(static_cast<size_t>(sys.size()), 0.0);
  for (double& v : y) v += uni(rng);
  for (double& v : yp) v = 20 * uni(rng);
  for (int i = 0; i < sys.size(); ++i) {
    if (sys.differential_mask()[i] == 0.0) y[i] = 20 * uni(rng);
  }
}

}  // namespace

TEST_CASE("the constraints' Jacobian equals the full one wherever the ODE form reads it") {
  Setup s(mechanism(""));
  const System& sys = s.sys;
  const SparsePattern& p = sys.pattern();
  REQUIRE(!sys.coupler_kernels().empty());
  REQUIRE(!sys.general_constraint_kernels().empty());
  REQUIRE(sys.force_kernels().size() >= 3);
  REQUIRE(!sys.state_kernels().empty());
  REQUIRE(sys.motion_state_begin() < sys.coupler_state_begin());  // the velocity motion's state

  // Both readers take the constraints' part on this model.
  CHECK(AccelerationSolver(s.dae).constraint_jacobian_only());
  CHECK(ConstraintProjector(s.dae).constraint_parts_only());

  std::vector<double> y, yp;
  off_constraint_state(sys, 7, 0.05, y, yp);
  const double t = 0.3;
  for (double cj : {0.0, 1.0, 7.5}) {
    INFO("cj = " << cj);
    std::vector<double> full(p.nnz()), part(p.nnz());
    s.dae.jacobian(t, y.data(), yp.data(), cj, full.data());
    s.dae.constraint_jacobian(t, y.data(), yp.data(), cj, part.data());
    // What K reads of dF/dy: the multipliers' columns of the differential rows, the velocity
    // rows' differential columns; what the projection reads: the position, normalisation and
    // velocity rows' differential columns.
    const std::vector<int> read = read_positions(p, s.b);
    REQUIRE(read.size() > 100);
    int nonzero = 0;
    for (int k : read) {
      INFO("position " << k);
      CHECK(sys.constraint_only_position(k));
      CHECK(part[k] == Approx(full[k]).margin(1e-14));
      nonzero += part[k] != 0.0;
    }
    CHECK(nonzero > 50);
    // The body, force and state kernels write elsewhere: there the two differ.
    int differ = 0;
    for (int k = 0; k < p.nnz(); ++k) {
      if (std::abs(part[k] - full[k]) > 1e-9) {
        ++differ;
        CHECK_FALSE(sys.constraint_only_position(k));
      }
    }
    CHECK(differ > 50);
  }
  // The residual's constraint rows likewise.
  std::vector<double> full(sys.size()), part(sys.size());
  s.dae.residual(t, y.data(), yp.data(), full.data());
  s.dae.constraint_residual(t, y.data(), yp.data(), part.data());
  std::vector<int> rows = s.b.pos_rows;
  rows.insert(rows.end(), s.b.vel_rows.begin(), s.b.vel_rows.end());
  for (int r : rows) {
    INFO("row " << r << " (" << sys.describe_variable(r) << ")");
    CHECK(sys.constraint_only_row(r));
    CHECK(part[r] != 0.0);
    CHECK(part[r] == Approx(full[r]).margin(1e-14));
  }
  for (int r : s.b.dyn_rows) CHECK_FALSE(sys.constraint_only_row(r));
}

TEST_CASE("accelerations solved with the constraints' Jacobian satisfy the DAE") {
  Setup s(mechanism(""));
  const System& sys = s.sys;
  AccelerationSolver acc(s.dae);
  REQUIRE(acc.constraint_jacobian_only());
  // A state on the constraints (projected), moving.
  std::vector<double> y = sys.initial_state(), yp(sys.size(), 0.0);
  const double t = 0.3;
  ConstraintProjector proj(s.dae);
  REQUIRE(proj.project(t, y, 1e-12, 20));
  acc.solve(t, y, yp);
  std::vector<double> res(sys.size());
  s.dae.residual(t, y.data(), yp.data(), res.data());
  double scale = 0;
  for (int i : s.b.diff) scale = std::max(scale, std::abs(yp[i]));
  REQUIRE(scale > 1.0);
  for (int i : s.b.diff) {
    INFO("row " << i << " (" << sys.describe_variable(i) << ")");
    CHECK(std::abs(res[i]) < 1e-10 * scale);
  }
  // d/dt of the velocity rows along the motion (y' of the differential variables, lambda held).
  const double h = 1e-6;
  std::vector<double> yplus = y, yminus = y, rp(sys.size()), rm(sys.size());
  for (int i : s.b.diff) {
    yplus[i] += h * yp[i];
    yminus[i] -= h * yp[i];
  }
  s.dae.residual(t + h, yplus.data(), yp.data(), rp.data());
  s.dae.residual(t - h, yminus.data(), yp.data(), rm.data());
  for (int r : s.b.vel_rows) {
    INFO("row " << r << " (" << sys.describe_variable(r) << ")");
    CHECK(std::abs((rp[r] - rm[r]) / (2 * h)) < 1e-6 * scale);
  }
}

TEST_CASE("the constraints' Jacobian equals the full one on every joint type and motion") {
  Setup s(joint_chain());
  const System& sys = s.sys;
  const SparsePattern& p = sys.pattern();
  // Blocks 15-17 are the motions: displacement, acceleration (two states), Bryant angle.
  for (int b = 15; b < 18; ++b) REQUIRE(sys.constraint_kernel(b).drive != nullptr);
  REQUIRE(sys.constraint_kernel(16).drive_states == 2);
  REQUIRE(sys.constraint_kernel(17).eq[0].kind == JointEquation::Kind::kBryant);
  CHECK(AccelerationSolver(s.dae).constraint_jacobian_only());
  CHECK(ConstraintProjector(s.dae).constraint_parts_only());
  std::vector<double> y, yp;
  off_constraint_state(sys, 11, 0.1, y, yp);
  // Every position K, the projection and the Newton matrix's curvature read is named.
  const std::vector<int> read = read_positions(p, s.b);
  REQUIRE(read.size() > 500);
  for (int k : read) CHECK(sys.constraint_only_position(k));
  for (double cj : {0.0, 2.5}) {
    INFO("cj = " << cj);
    std::vector<double> full(p.nnz()), part(p.nnz());
    s.dae.jacobian(0.7, y.data(), yp.data(), cj, full.data());
    s.dae.constraint_jacobian(0.7, y.data(), yp.data(), cj, part.data());
    int named = 0, nonzero = 0;
    for (int k = 0; k < p.nnz(); ++k) {
      if (!sys.constraint_only_position(k)) continue;
      INFO("position " << k);
      CHECK(part[k] == Approx(full[k]).epsilon(1e-12).margin(1e-13));
      ++named;
      nonzero += part[k] != 0.0;
    }
    CHECK(nonzero > 500);
    CHECK(named > static_cast<int>(read.size()));  // the multipliers' mu columns too
  }
}

namespace {

/// The initial state with every differential variable but the motions' moved by up to 0.02
/// (off the constraints), drawing from `rng`.
std::vector<double> perturbed_state(const Setup& s, std::mt19937& rng) {
  std::uniform_real_distribution<double> uni(-0.02, 0.02);
  std::vector<double> y = s.sys.initial_state();
  for (int i : s.b.diff) {
    if (i < s.sys.motion_state_begin()) y[i] += uni(rng);
  }
  return y;
}

}  // namespace

TEST_CASE("the projection lands on the constraints; its tangent projection keeps them") {
  Setup s(mechanism(""));
  const System& sys = s.sys;
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> uni(-0.02, 0.02);
  std::vector<double> y = perturbed_state(s, rng);
  const double t = 0.4;
  ConstraintProjector proj(s.dae);
  REQUIRE(proj.project(t, y, 1e-12, 20));
  std::vector<int> rows = s.b.pos_rows;
  rows.insert(rows.end(), s.b.vel_rows.begin(), s.b.vel_rows.end());
  const std::vector<double> yp(sys.size(), 0.0);
  std::vector<double> res(sys.size());
  s.dae.residual(t, y.data(), yp.data(), res.data());
  for (int r : rows) CHECK(std::abs(res[r]) <= 1e-12);
  // A random increment, projected: the constraint rows' derivative along it (a central
  // difference of the full residual) vanishes.
  Eigen::VectorXd e(static_cast<Eigen::Index>(s.b.diff.size()));
  for (size_t k = 0; k < s.b.diff.size(); ++k) {
    e(static_cast<Eigen::Index>(k)) = s.b.diff[k] < sys.motion_state_begin() ? 50 * uni(rng) : 0;
  }
  const double before = e.norm();
  proj.project_tangent(e);
  REQUIRE(e.norm() > 0.3 * before);
  const double h = 1e-6;
  std::vector<double> yplus = y, yminus = y, rp(sys.size()), rm(sys.size());
  for (size_t k = 0; k < s.b.diff.size(); ++k) {
    yplus[s.b.diff[k]] += h * e(static_cast<Eigen::Index>(k));
    yminus[s.b.diff[k]] -= h * e(static_cast<Eigen::Index>(k));
  }
  s.dae.residual(t, yplus.data(), yp.data(), rp.data());
  s.dae.residual(t, yminus.data(), yp.data(), rm.data());
  for (int r : rows) {
    INFO("row " << r << " (" << sys.describe_variable(r) << ")");
    CHECK(std::abs((rp[r] - rm[r]) / (2 * h)) < 1e-8 * e.norm());
  }
}

TEST_CASE("a projection starts from a nearby state's Jacobian, not from a far one's") {
  Setup s(mechanism(""));
  const System& sys = s.sys;
  std::mt19937 rng(7);
  const std::vector<double> off = perturbed_state(s, rng);
  const double t = 0.4, tol = 1e-12;
  ConstraintProjector proj(s.dae);
  std::vector<double> plain = off;
  REQUIRE(proj.project(t, plain, tol, 20));
  // The acceleration solve keeps its Jacobian and the state it was evaluated at: the
  // constraints' Jacobian there (the entries the projection reads).
  AccelerationSolver acc(s.dae);
  std::vector<double> near = off, yp(sys.size(), 0.0);
  for (int i : s.b.diff) near[i] += 1e-9;
  acc.solve(t, near, yp);
  for (int i : s.b.diff) CHECK(acc.jacobian_state()[i] == near[i]);
  std::vector<double> jac(sys.pattern().nnz()), zero(sys.size(), 0.0);
  s.dae.constraint_jacobian(t, acc.jacobian_state().data(), zero.data(), 0.0, jac.data());
  CHECK(acc.jacobian_values() == jac);
  // From the nearby Jacobian: on the constraints, within the projections' own spread of the
  // point the exact Newton iteration reaches.
  std::vector<double> from_near = off;
  const ConstraintProjector::Nearby nearby{acc.jacobian_values(), acc.jacobian_state()};
  REQUIRE(proj.project(t, from_near, tol, 20, &nearby));
  std::vector<double> res(sys.size());
  s.dae.residual(t, from_near.data(), zero.data(), res.data());
  for (int r : s.b.pos_rows) CHECK(std::abs(res[r]) <= tol);
  for (int r : s.b.vel_rows) CHECK(std::abs(res[r]) <= tol);
  for (int i : s.b.diff) CHECK(from_near[i] == Approx(plain[i]).margin(1e-8));
  // A Jacobian a third off is used at a nearby state (the run differs, and still lands), and
  // not at a far one (the run is the plain one, bit for bit).
  std::vector<double> wrong = acc.jacobian_values();
  for (double& v : wrong) v *= 1.3;
  std::vector<double> with_wrong = off;
  const ConstraintProjector::Nearby wrong_near{wrong, near};
  REQUIRE(proj.project(t, with_wrong, tol, 20, &wrong_near));
  s.dae.residual(t, with_wrong.data(), zero.data(), res.data());
  for (int r : s.b.pos_rows) CHECK(std::abs(res[r]) <= tol);
  bool differs = false;
  for (int i : s.b.diff) differs = differs || with_wrong[i] != plain[i];
  CHECK(differs);
  std::vector<double> far = near;
  far[static_cast<size_t>(s.b.diff[0])] += 1e6 * tol;
  std::vector<double> with_far = off;
  const ConstraintProjector::Nearby wrong_far{wrong, far};
  REQUIRE(proj.project(t, with_far, tol, 20, &wrong_far));
  CHECK(with_far == plain);
}

TEST_CASE("a force reading a reaction keeps the acceleration solve on the full Jacobian") {
  Setup s(mechanism(R"XML(<Force_Scalar_TwoBody id="4" type="Torque" i_marker_id="20"
      j_marker_id="10" val_expression="0.01*JOINT(1,0,2,0)"/>)XML"));
  const System& sys = s.sys;
  // Its body rows' entries in joint 1's multiplier columns are the force's too.
  const int o = sys.body_offset(s.model->body_index.at(2));
  const int lambda = sys.lambda_offset(0);
  int shared = 0;
  for (int r = o; r < o + kBodyStates; ++r) {
    for (int e = 0; e < sys.joint_equation_count(0); ++e) {
      const int k = sys.pattern().position(r, lambda + e);
      if (k >= 0 && !sys.constraint_only_position(k)) ++shared;
    }
  }
  CHECK(shared > 0);
  CHECK_FALSE(AccelerationSolver(s.dae).constraint_jacobian_only());
  CHECK(ConstraintProjector(s.dae).constraint_parts_only());
}

TEST_CASE("a singular acceleration system is reported: a body without inertia on a ball joint") {
  // Mass 1, inertia 0, on a spherical joint: nothing resists its rotation, so [M B^T; B 0] is
  // singular whatever the pivot order.
  Setup s(R"XML(<MotionSolve><Model>
    <Force_Gravity grav_y="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="0" inertia_yy="0" inertia_zz="0"/>
    <Reference_Marker id="20" body_id="2"/>
    <Reference_Marker id="21" body_id="2" pos_x="1"/>
    <Constraint_Joint id="1" type="SPHERICAL" i_marker_id="21" j_marker_id="10"/>
  </Model><Command>
    <Simulate analysis_type="Transient" end_time="0.1"/>
  </Command></MotionSolve>)XML");
  AccelerationSolver acc(s.dae);
  std::vector<double> y = s.sys.initial_state(), yp(s.sys.size(), 0.0);
  REQUIRE_THROWS_WITH(acc.solve(0.0, y, yp),
                      "accelerations at t = 0: the system [M B^T; B 0] is singular (redundant "
                      "constraints, or a body without mass or inertia in a free direction)");
}
