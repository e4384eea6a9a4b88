#include "bench/common/planar_deck.hpp"

#include <fmt/format.h>

namespace mb::bench {

std::string planar_deck_head(double gravity) {
  std::string s = "<?xml version=\"1.0\"?>\n<MotionSolve>\n<Model>\n";
  s += fmt::format("<Force_Gravity grav_x=\"0\" grav_y=\"{}\" grav_z=\"0\"/>\n", -gravity);
  s += "<Body_Rigid id=\"1\" isground=\"TRUE\"/>\n";
  return s;
}

void add_body(std::string& deck, int id, int cm_marker, double mass, double axial_inertia,
              double transverse_inertia) {
  deck += fmt::format(
      "<Body_Rigid id=\"{0}\" cg_id=\"{1}\" mass=\"{2:.17g}\" inertia_xx=\"{3:.17g}\" "
      "inertia_yy=\"{4:.17g}\" inertia_zz=\"{4:.17g}\"/>\n",
      id, cm_marker, mass, axial_inertia, transverse_inertia);
}

void add_marker(std::string& deck, int id, int body, double x, double y, double psi) {
  deck +=
      fmt::format("<Reference_Marker id=\"{}\" body_id=\"{}\" pos_x=\"{:.17g}\" pos_y=\"{:.17g}\"",
                  id, body, x, y);
  deck += psi == 0 ? "/>\n" : fmt::format(" psi=\"{:.17g}\"/>\n", psi);
}

void add_revolute(std::string& deck, int id, int i_marker, int j_marker) {
  deck += fmt::format(
      "<Constraint_Joint id=\"{}\" type=\"REVOLUTE\" i_marker_id=\"{}\" j_marker_id=\"{}\"/>\n", id,
      i_marker, j_marker);
}

void finish_deck(std::string& deck, double tol, const std::string& integrator, double end_time) {
  const std::string named =
      integrator.empty() ? "" : fmt::format(" integrator_type=\"{}\"", integrator);
  deck += fmt::format("<Param_Transient{} integr_tol=\"{}\"/>\n", named, tol);
  deck += fmt::format(
      "</Model>\n<Command>\n<Simulate analysis_type=\"Transient\" end_time=\"{}\" "
      "print_interval=\"0.01\"/>\n</Command>\n</MotionSolve>\n",
      end_time);
}

}  // namespace mb::bench
