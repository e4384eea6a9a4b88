#include "models/force_beam.hpp"

#include "models/linear_force.hpp"
#include "models/linear_force_edit.hpp"

namespace mb {

Mat6 beam_stiffness(double L, double E, double G, double A, double ixx, double iyy, double izz,
                    double asy, double asz) {
  const double py = 12.0 * E * izz * asy / (G * A * L * L);
  const double pz = 12.0 * E * iyy * asz / (G * A * L * L);
  Mat6 K = Mat6::Zero();
  K(0, 0) = E * A / L;
  K(1, 1) = 12.0 * E * izz / (L * L * L * (1.0 + py));
  K(1, 5) = K(5, 1) = -6.0 * E * izz / (L * L * (1.0 + py));
  K(2, 2) = 12.0 * E * iyy / (L * L * L * (1.0 + pz));
  K(2, 4) = K(4, 2) = 6.0 * E * iyy / (L * L * (1.0 + pz));
  K(3, 3) = G * ixx / L;
  K(4, 4) = (4.0 + pz) * E * iyy / (L * (1.0 + pz));
  K(5, 5) = (4.0 + py) * E * izz / (L * (1.0 + py));
  return K;
}

void build_force_beam(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  DraftExpressionElement d = start_draft(in);
  read_marker(in, d, "i_marker_id", true);
  read_marker(in, d, "j_marker_id", true);
  const double L = read_positive(in, "length");
  const double E = read_positive(in, "e");
  const double G = read_positive(in, "g");
  const double A = read_positive(in, "area");
  const double ixx = read_positive(in, "ixx");
  const double iyy = read_positive(in, "iyy");
  const double izz = read_positive(in, "izz");
  const double asy = read_nonnegative(in, "asy");
  const double asz = read_nonnegative(in, "asz");
  const double cratio = read_nonnegative(in, "cratio");
  const Mat6 K = beam_stiffness(L, E, G, A, ixx, iyy, izz, asy, asz);
  Vec6 length = Vec6::Zero();
  length(0) = L;
  pack_linear(d, K, cratio * K, length, read_preloads(in));
  reject_user_subroutines(in);
  accept_hints(in, {"body1_id", "body2_id"});
  draft.beams.push_back(std::move(d));
}

bool resolve_beam_edit(EditContext& ctx, ElementReader& in, int id, ModelEdit& edit) {
  return resolve_linear_force_edit(ctx, in, id, kBeamEdit, build_force_beam, ModelEdit::List::kBeam,
                                   edit);
}

}  // namespace mb
