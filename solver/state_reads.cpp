#include "solver/state_reads.hpp"

#include <algorithm>
#include <type_traits>

#include "solver/forward_difference.hpp"
#include "solver/state_layout.hpp"

namespace mb {

template <class T>
T read_element_value(const System& sys, Workspace& ws, const ElementRead& r, const T* x, int n_in,
                     const std::vector<int>& input_vars, const std::vector<char>& input_is_deriv,
                     std::vector<double>& y_full, std::vector<double>& yp_full, double t) {
  double xv[kMaxLocalInputs];
  for (int i = 0; i < n_in; ++i) {
    xv[i] = value_of(x[i]);
    (input_is_deriv[i] ? yp_full : y_full)[input_vars[i]] = xv[i];
  }
  const double base = read_user_value(sys, ws, r, y_full.data(), yp_full.data(), t);
  if constexpr (std::is_same_v<T, double>) {
    return base;
  } else {
    // n_in is at most kMaxLocalInputs; the clamp tells GCC so (at -O3 it otherwise sees a
    // negative size in the copy of the derivative vector: -Wstringop-overflow).
    const Eigen::Index n = std::clamp<Eigen::Index>(n_in, 0, kMaxLocalInputs);
    AD v(base, ADVector::Zero(n));
    for (int i = 0; i < n_in; ++i) {
      double& entry = (input_is_deriv[i] ? yp_full : y_full)[input_vars[i]];
      const double h = forward_difference_step(xv[i]);
      entry = xv[i] + h;
      v.derivatives()(i) =
          (read_user_value(sys, ws, r, y_full.data(), yp_full.data(), t) - base) / h;
      entry = xv[i];
    }
    return v;
  }
}

template double read_element_value<double>(const System&, Workspace&, const ElementRead&,
                                           const double*, int, const std::vector<int>&,
                                           const std::vector<char>&, std::vector<double>&,
                                           std::vector<double>&, double);
template AD read_element_value<AD>(const System&, Workspace&, const ElementRead&, const AD*, int,
                                   const std::vector<int>&, const std::vector<char>&,
                                   std::vector<double>&, std::vector<double>&, double);

}  // namespace mb
