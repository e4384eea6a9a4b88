#pragma once
// Reading a value a user subroutine computes (ElementRead: an output of a GSESUB/YFOSUB element,
// an entry of an ARYSUB U array, a VARSUB variable) from inside a kernel's residual: the reading
// kernel (a StateKernel or a ForceKernel) holds every local input of that element (or whatever
// the VARSUB read in its dependency call, solver/user_variables.hpp), so the value is a
// function of the reader's own local inputs. They are scattered into the
// System layout and handed to the element (StateKernel::read_at); for T = AD the derivatives
// are forward differences over each local input, like the user routines' own
// (solver/user_state.cpp). The value is solved together with the reader, not lagged. Nothing
// here allocates.

#include <vector>

#include "solver/state_inputs.hpp"
#include "solver/workspace.hpp"

namespace mb {

class System;
struct ForceKernel;

/// The value of `r` at the reader's local inputs x (n_in of them: System variable input_vars[i],
/// a y' entry where input_is_deriv[i]); y_full and yp_full are the reader's System-layout buffers,
/// `ws` the run's Workspace (the read element's buffers and the VARSUBs' PAR arrays).
template <class T>
T read_element_value(const System& sys, Workspace& ws, const ElementRead& r, const T* x, int n_in,
                     const std::vector<int>& input_vars, const std::vector<char>& input_is_deriv,
                     std::vector<double>& y_full, std::vector<double>& yp_full, double t);

/// Value `r` of its element (or VARSUB) at the System-layout state (y, yp), in the run's
/// Workspace `ws` (defined with the System: solver/system_reads.cpp).
double read_user_value(const System& sys, Workspace& ws, const ElementRead& r, const double* y,
                       const double* yp, double t);

/// Adds the local inputs (bodies, multipliers, states) of the elements and VARSUBs whose values
/// force kernel k reads to k's own, and sizes its buffers; `sys` has built its state kernels
/// and bound its VARSUBs, y0 is its initial state (solver/system_reads.cpp). Throws
/// Error(kDeckError) when the kernel grows
/// too large.
void add_read_inputs(ForceKernel& k, const System& sys, const std::vector<double>& y0);

}  // namespace mb
