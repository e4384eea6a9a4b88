#pragma once
// Output channels of the compliant elements (names and meaning: models/compliant_outputs.hpp),
// evaluated from a force kernel's local inputs (13 states per local body). Doubles only: for
// requests, never inside a residual.

#include <span>
#include <string_view>

#include "solver/force_kernel.hpp"

namespace mb {

/// The output channel names of kernel `k` (empty for non-compliant kernels).
std::span<const std::string_view> element_output_names(const ForceKernel& k);

/// Fills `out` (element_output_names(k).size()) at time t; vectors of a spring-damper are
/// resolved in the axes `rm` (columns: the reference marker's axes in ground); `ediss` is the
/// element's dissipated-energy state; `call` the kernel's call (its run buffers).
void element_output_values(const ForceKernel& k, const double* x, double t, const Mat3& rm,
                           double ediss, std::span<double> out, const KernelCall& call);

}  // namespace mb
