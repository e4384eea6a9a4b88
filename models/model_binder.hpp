#pragma once
// ModelBinder: resolves the model-bound names of an element's expressions (DX, VR, JOINT, ...)
// to MeasureSpecs. Slots are local to the element: every expression of one element shares one
// binder, so an element's measures form one list (ElementExpressions::measures).

#include <optional>
#include <vector>

#include "expr/binder.hpp"
#include "models/measure.hpp"
#include "models/model.hpp"

namespace mb {

class ModelBinder : public expr::Binder {
 public:
  /// `allow_multipliers`: JOINT() and other reaction queries are allowed (requests); force and
  /// constraint expressions may not read them yet.
  /// `allow_states`: VARVAL, ARYVAL, DIF and DIF1 are allowed (implied by allow_multipliers;
  /// state elements read variables and states but no reactions).
  ModelBinder(const Model& model, bool allow_multipliers, bool allow_states = false)
      : model_(model),
        allow_multipliers_(allow_multipliers),
        allow_states_(allow_states || allow_multipliers) {}

  expr::BindResult bind(std::string_view name, std::span<const long long> args) override;
  std::variant<expr::SplineData, std::string> spline(long long id) override;

  std::vector<MeasureSpec> take_measures() { return std::move(measures_); }

 private:
  expr::BindResult slot_of(const MeasureSpec& m);
  /// ARYVAL, DIF, DIF1 (models/measure.hpp); nullopt for other names.
  std::optional<expr::BindResult> bind_state(std::string_view name,
                                             std::span<const long long> args);
  /// Marker index of an id argument (0 -> -1 = global), or an error message in `error`.
  int marker(long long id, std::string& error) const;

  const Model& model_;
  bool allow_multipliers_;
  bool allow_states_;
  std::vector<MeasureSpec> measures_;
};

}  // namespace mb
