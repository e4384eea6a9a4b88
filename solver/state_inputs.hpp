#pragma once
// StateInputs: what an applied-force kernel's expressions read besides body motion: user states
// (DIF, DIF1, ARYVAL of an X array), outputs of state elements (ARYVAL of a Y array, y = C x + D
// u), variables (VARVAL, PINVAL, POUVAL, ARYVAL of a U array: their own expressions, which may read
// measures, states and other variables), IC-array constants, and values user subroutines of
// state elements compute (outputs of USERSUB elements, ARYSUB arrays) and VARSUB variables
// (`reads`, evaluated by the kernel through solver/state_reads.hpp).
//
// At build time each measure slot of the force's expression group becomes a Source, and every
// variable or output it reaches becomes a Node, in dependency order, so evaluation is a straight
// pass with no allocation. The states read are extra local inputs of the kernel (their values,
// or their derivatives for DIF1), so the AD evaluation puts d force / d state into the state
// columns of the sparse Jacobian: with solver/state_kernel.hpp (state equations that read body
// measures) the body-state coupling is complete both ways.
//
// The state kernels (solver/state_kernel.hpp) run the same kind of program for the state
// elements' own expressions and inputs: StateInputsBuilder builds both; a force kernel's
// program has slots, a state kernel's has nodes only (its own expression and its inputs u).

#include <functional>
#include <map>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "models/model.hpp"
#include "solver/expression_eval.hpp"

namespace mb {

/// A value a user subroutine computes: output `comp` of another state element (ARYVAL of the Y
/// array of a GSESUB/YFOSUB element), with `inputs` entry `comp` of its ARYSUB U array, or, with
/// `variable` set, VARVAL of a VARSUB Reference_Variable. The reading kernel takes all of that
/// element's local inputs (or whatever the VARSUB reads) as its own (solver/state_reads.hpp).
struct ElementRead {
  int element = -1;  ///< index into Model::state_elements (-1 for a VARSUB read)
  bool inputs = false;
  int comp = 0;
  int variable =
      -1;  ///< index into Model::variables of the VARSUB read (solver/user_variables.hpp)

  bool operator==(const ElementRead&) const = default;
};

struct StateInputs {
  static constexpr size_t kMaxNodes = 32;
  static constexpr size_t kMaxSources = 32;

  /// Where a slot or a node reads one value.
  struct Source {
    enum class Kind { kMeasure, kState, kNode, kConst };
    Kind kind = Kind::kConst;
    int index = -1;  ///< local measure, state input or node index
    double value = 0;
  };
  /// value = expr(sources) when expr is set, else sum_k coef[k] * sources[k]; a node with
  /// read >= 0 takes the value reads[read] (computed by the kernel: solver/state_reads.hpp).
  struct Node {
    const CompiledExpression* expr = nullptr;
    std::vector<Source> sources;
    std::vector<double> coef;
    int read = -1;
  };

  std::vector<Source> slots;       ///< one per measure slot of the kernel's expression group
  std::vector<Node> nodes;         ///< dependency order
  std::vector<int> states;         ///< state-block index of each state input
  std::vector<char> state_deriv;   ///< the input is x' rather than x
  std::vector<ElementRead> reads;  ///< user-subroutine values of other elements the nodes read
  size_t max_stack = 1;            ///< largest expression stack of the nodes
  size_t max_sources = 1;          ///< largest source count of a node

  /// True when the slots read nothing but kinematic measures (slot k = local measure k).
  bool trivial() const { return nodes.empty() && states.empty(); }

  /// Slot values `mv` from the local measure values `lm`, the state inputs `sx` and the values
  /// `rv` of `reads` (node values go to `nv`, kMaxNodes entries); `ws` and `scratch` as for
  /// evaluate_expression.
  template <class T>
  void evaluate(const T* sx, const T* lm, const T* rv, double t, expr::Workspace& ws,
                std::span<double> scratch, T* nv, T* mv) const;
};

/// Builds the node program of one kernel into `in`: nodes for the values the kernel reads, in
/// dependency order, and the state inputs they read. `measure` adds a kinematic measure to the
/// kernel's local measure table and returns its local index. Throws Error(kDeckError) naming
/// `subject` for inputs that cannot be evaluated inside a residual (reaction forces) and
/// algebraic loops (`reader` words the messages for a force's expressions or a state element's
/// inputs).
class StateInputsBuilder {
 public:
  using MeasureFn = std::function<int(const MeasureSpec&)>;
  enum class Reader { kForce, kStateElement };

  StateInputsBuilder(const Model& m, StateInputs& in, MeasureFn measure, std::string subject,
                     Reader reader);

  /// Where measure slot `ms` reads its value (adding the nodes and states it needs).
  StateInputs::Source source(const MeasureSpec& ms);
  /// The state input of state-block entry `s` (deriv: its x'), added when new.
  int state(int s, bool deriv);
  /// A node for expression e of group g over g's measure slots.
  int expression_node(const ExpressionGroup& g, size_t e);
  /// The node of VARVAL(v) (an expression node, or a read node for a VARSUB).
  int variable_node(int v);
  /// True when the program exceeds StateInputs::kMaxNodes or kMaxSources.
  bool too_large() const;

 private:
  /// Output k of state element e: the linear node C x + D u over e's states and inputs, or a
  /// read node for a USERSUB element.
  int output_node(int e, int k);
  /// A node taking the value of `r` (computed by the kernel: solver/state_reads.hpp).
  int read_node(const ElementRead& r);
  int push(StateInputs::Node n);
  [[noreturn]] void loop(const std::string& what) const;

  const Model& m_;
  StateInputs& in_;
  MeasureFn measure_;
  std::string subject_;
  Reader reader_;
  std::map<int, int> variables_;                ///< node of each variable (-1: in progress)
  std::map<std::pair<int, int>, int> outputs_;  ///< node of each (element, output)
};

/// Builds the StateInputs of one force kernel: a slot per measure of `group` (StateInputsBuilder;
/// also throws when the program is too large).
StateInputs make_state_inputs(const Model& model, const ExpressionGroup& group,
                              const std::function<int(const MeasureSpec&)>& measure,
                              const std::string& subject);

}  // namespace mb
