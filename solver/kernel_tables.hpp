#pragma once
// Local tables of the kernels that read measures (ForceKernel, GeneralConstraintKernel,
// StateKernel): their moving bodies, markers (with body-local data) and measures in local
// indices.

#include <algorithm>
#include <map>

#include "models/model.hpp"
#include "solver/measures.hpp"

namespace mb {

/// Assembles the local body, marker and measure tables of a kernel that reads measures (Kernel
/// has bodies, markers, measures, group and work as ForceKernel does).
template <class Kernel>
class KernelTables {
 public:
  KernelTables(const Model& m, Kernel& k) : m_(m), k_(k) {}

  int marker(int model_marker) {
    if (model_marker < 0) return -1;
    auto it = markers_.find(model_marker);
    if (it != markers_.end()) return it->second;
    const Marker& mk = m_.markers[model_marker];
    LocalMarker lm;
    lm.s = mk.pos_body;
    lm.u = mk.axes_body;
    lm.body = body(mk.body);
    lm.id = model_marker;
    k_.markers.push_back(lm);
    return markers_[model_marker] = static_cast<int>(k_.markers.size() - 1);
  }

  /// The local index of a model marker already in the table, or -1.
  int find(int model_marker) const {
    auto it = markers_.find(model_marker);
    return it == markers_.end() ? -1 : it->second;
  }

  void measures(const ExpressionGroup& g) {
    k_.group = &g;
    size_t stack = 1;
    for (const auto& e : g.exprs) stack = std::max(stack, e.max_stack);
    k_.work.expr.reserve(stack);
    k_.work.scratch.assign(std::max<size_t>(1, g.measures.size()), 0.0);
    for (const auto& ms : g.measures) {
      LocalMeasure lm;
      lm.kind = ms.kind;
      lm.i = marker(ms.i);
      lm.j = marker(ms.j);
      lm.k = marker(ms.k);
      lm.l = marker(ms.l);
      k_.measures.push_back(lm);
    }
  }

  /// The local index of a model body (added when new), -1 for ground.
  int body(int model_body) {
    if (m_.bodies[model_body].ground) return -1;
    for (size_t b = 0; b < k_.bodies.size(); ++b) {
      if (k_.bodies[b] == model_body) return static_cast<int>(b);
    }
    k_.bodies.push_back(model_body);
    return static_cast<int>(k_.bodies.size() - 1);
  }

 private:
  const Model& m_;
  Kernel& k_;
  std::map<int, int> markers_;
};

}  // namespace mb
