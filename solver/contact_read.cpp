#include "solver/contact_read.hpp"

#include "solver/contact_law.hpp"

namespace mb {

namespace {

/// The sum of the contact's point forces (nothing when deactivated).
template <class T>
ContactWrench<T> contact_read_sum(const ContactRead& r, const MarkerState<T>* ms) {
  const Contact& c = *r.contact;
  ContactWrench<T> cw;
  if (c.active) {
    cw.p_i = ms[r.mi].R;
    cw.p_j = ms[r.mj].R;
    const size_t ni = c.i_geometries.size();
    for (size_t a = 0; a < ni; ++a) {
      const ContactSide<T> si{r.shapes[a], &ms[r.markers[a]], c.i_flip[a] != 0};
      for (size_t b = 0; b < c.j_geometries.size(); ++b) {
        const size_t jb = ni + b;
        const ContactSide<T> sj{r.shapes[jb], &ms[r.markers[jb]], c.j_flip[b] != 0};
        contact_pair(c, si, sj, cw);
      }
    }
  }
  return cw;
}

}  // namespace

template <class T>
void contact_read_wrench(const ContactRead& r, const MarkerState<T>* ms, V3<T>& F, V3<T>& Ti,
                         V3<T>& Tj) {
  const ContactWrench<T> cw = contact_read_sum(r, ms);
  F = cw.F;
  Ti = cw.Ti;
  Tj = cw.Tj;
}

bool contact_read_resultant(const ContactRead& r, const MarkerState<double>* ms, Vec3& F,
                            Vec3& centre) {
  const ContactWrench<double> cw = contact_read_sum(r, ms);
  F = cw.F;
  if (!(cw.force_sum > 0)) {
    centre = Vec3::Zero();
    return false;
  }
  centre = cw.weighted_points / cw.force_sum;
  return true;
}

template <class T>
T contact_read_value(const ContactRead& r, const LocalMeasure& m, const MarkerState<T>* ms) {
  V3<T> F, Ti, Tj;
  contact_read_wrench(r, ms, F, Ti, Tj);
  const M3<T> rm = m.k < 0 ? M3<T>(M3<T>::Identity()) : M3<T>(ms[m.k].A);
  return m.jflag == 0 ? wrench_component(F, Ti, m.comp, rm)
                      : wrench_component(V3<T>(-F), Tj, m.comp, rm);
}

template void contact_read_wrench<double>(const ContactRead&, const MarkerState<double>*,
                                          V3<double>&, V3<double>&, V3<double>&);
template void contact_read_wrench<AD>(const ContactRead&, const MarkerState<AD>*, V3<AD>&, V3<AD>&,
                                      V3<AD>&);
template double contact_read_value<double>(const ContactRead&, const LocalMeasure&,
                                           const MarkerState<double>*);
template AD contact_read_value<AD>(const ContactRead&, const LocalMeasure&, const MarkerState<AD>*);

}  // namespace mb
