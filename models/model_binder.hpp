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

/// The kinematic measure called `name` (upper case: DX, AZ, VR, ...) and how many of its leading
/// arguments are markers; false for other names.
bool find_kinematic_measure(std::string_view name, MeasureKind& kind, int& markers);

class ModelBinder : public expr::Binder {
 public:
  /// `allow_multipliers`: JOINT() and other reaction queries are allowed (requests); force and
  /// constraint expressions may not read them yet. VARVAL, ARYVAL, DIF, DIF1, PINVAL and POUVAL
  /// bind everywhere; the elements that cannot use them (motions, general constraints) refuse
  /// them after binding.
  ModelBinder(const Model& model, bool allow_multipliers)
      : model_(model), allow_multipliers_(allow_multipliers) {}

  expr::BindResult bind(std::string_view name, std::span<const long long> args) override;
  std::variant<expr::SplineData, std::string> spline(long long id) override;
  std::variant<expr::CurveData, std::string> curve(long long id) override;

  std::vector<MeasureSpec> take_measures() { return std::move(measures_); }

 private:
  expr::BindResult slot_of(const MeasureSpec& m);
  // One family of functions each; nullopt for the names of other families.
  using Args = std::span<const long long>;
  std::optional<expr::BindResult> bind_kinematic(std::string_view name, Args args);
  std::optional<expr::BindResult> bind_orient(std::string_view name, Args args);
  std::optional<expr::BindResult> bind_reaction(std::string_view name, Args args);
  expr::BindResult bind_curve_reaction(std::string_view name, Args args);
  std::optional<expr::BindResult> bind_element_force(std::string_view name, Args args);
  std::optional<expr::BindResult> bind_contact(std::string_view name, Args args);
  /// jflag, comp and RM of a reaction or force query (m names the element).
  expr::BindResult bind_wrench_query(MeasureSpec m, Args args);
  std::optional<expr::BindResult> bind_force_at_marker(std::string_view name, Args args);
  /// ARYVAL, DIF, DIF1, PINVAL, POUVAL (models/measure.hpp).
  std::optional<expr::BindResult> bind_state(std::string_view name, Args args);
  std::optional<expr::BindResult> bind_variable(std::string_view name, Args args);
  /// ARYVAL(id, k).
  expr::BindResult bind_array(Args args);
  /// Marker index of an id argument (0 -> -1 = global), or an error message in `error`.
  int marker(long long id, std::string& error) const;

  const Model& model_;
  bool allow_multipliers_;
  std::vector<MeasureSpec> measures_;
};

}  // namespace mb
