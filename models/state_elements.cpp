#include "models/state_elements.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "models/expression_group_builder.hpp"
#include "models/model_binder.hpp"

namespace mb {

namespace {

const char* type_name(ReferenceArray::Type t) {
  switch (t) {
    case ReferenceArray::Type::kX:
      return "X";
    case ReferenceArray::Type::kU:
      return "U";
    case ReferenceArray::Type::kY:
      return "Y";
    default:
      return "IC";
  }
}

/// The attribute `ref` came from, as the user wrote it (Adams X, A, .. or XML x_array_id, ..).
std::string name_of(const DraftRef& ref, const char* attr) {
  return ref.spelled.empty() ? std::string(attr) : ref.spelled;
}

/// Index of the array `ref` (of type `want`) or -1 after reporting; -2 when ref is absent.
int find_array(const Model& m, const DraftStateElement& d, const DraftRef& ref,
               ReferenceArray::Type want, const char* attr, Diagnostics& diag) {
  if (ref.id == 0) return -2;
  for (size_t k = 0; k < m.arrays.size(); ++k) {
    if (m.arrays[k].id != ref.id) continue;
    if (m.arrays[k].type != want) {
      diag.error(
          ref.loc, d.base.subject,
          fmt::format("{} {} is a type {} array; a type {} array is needed", name_of(ref, attr),
                      ref.id, type_name(m.arrays[k].type), type_name(want)));
      return -1;
    }
    return static_cast<int>(k);
  }
  diag.error(ref.loc, d.base.subject,
             fmt::format("{}: no array has id {}", name_of(ref, attr), ref.id));
  return -1;
}

/// The matrix `ref` checked to be rows x cols (cols < 0: any), or nullopt after reporting;
/// a zero matrix when ref is absent.
std::optional<Eigen::MatrixXd> find_matrix(const Model& m, const DraftStateElement& d,
                                           const DraftRef& ref, int rows, int cols,
                                           const char* attr, Diagnostics& diag) {
  if (ref.id == 0) return Eigen::MatrixXd::Zero(rows, std::max(cols, 0));
  for (const auto& mx : m.matrices) {
    if (mx.id != ref.id) continue;
    if ((rows >= 0 && mx.values.rows() != rows) || (cols >= 0 && mx.values.cols() != cols)) {
      diag.error(ref.loc, d.base.subject,
                 fmt::format("{} {} is {} x {}; {} x {} is needed", name_of(ref, attr), ref.id,
                             mx.values.rows(), mx.values.cols(), rows < 0 ? 0 : rows,
                             cols < 0 ? 0 : cols));
      return std::nullopt;
    }
    return mx.values;
  }
  diag.error(ref.loc, d.base.subject,
             fmt::format("{}: no matrix has id {}", name_of(ref, attr), ref.id));
  return std::nullopt;
}

/// Claims X/Y array `a` for state element `owner` (an array serves one element).
bool claim(Model& m, int a, int owner, const DraftStateElement& d, const DraftRef& ref,
           int want_size, const char* attr, Diagnostics& diag) {
  if (a < 0) return a == -2;
  ReferenceArray& arr = m.arrays[a];
  if (arr.owner >= 0) {
    diag.error(ref.loc, d.base.subject,
               fmt::format("{} {} already belongs to {}", name_of(ref, attr), ref.id,
                           m.state_elements[arr.owner].subject));
    return false;
  }
  if (want_size >= 0 && arr.size == 0) arr.size = want_size;  // sized by its element
  if (want_size >= 0 && arr.size != want_size) {
    diag.error(ref.loc, d.base.subject,
               fmt::format("{} {} has {} entries but the element has {}", name_of(ref, attr),
                           ref.id, arr.size, want_size));
    return false;
  }
  arr.owner = owner;
  return true;
}

/// Controllable canonical realisation of N(s)/D(s) (ascending coefficients, order m <= n).
void realise_siso(const DraftStateElement& d, StateElement& e) {
  const int n = static_cast<int>(d.denominator.size()) - 1;
  const double an = d.denominator[n];
  std::vector<double> a(n + 1), b(n + 1, 0.0);
  for (int k = 0; k <= n; ++k) a[k] = d.denominator[k] / an;
  for (size_t k = 0; k < d.numerator.size(); ++k) b[k] = d.numerator[k] / an;
  e.A = Eigen::MatrixXd::Zero(n, n);
  for (int i = 0; i + 1 < n; ++i) e.A(i, i + 1) = 1.0;
  for (int k = 0; k < n; ++k) e.A(n - 1, k) = -a[k];
  e.B = Eigen::MatrixXd::Zero(n, 1);
  e.B(n - 1, 0) = 1.0;
  e.C = Eigen::MatrixXd::Zero(1, n);
  for (int k = 0; k < n; ++k) e.C(0, k) = b[k] - b[n] * a[k];
  e.D = Eigen::MatrixXd::Constant(1, 1, b[n]);
}

/// Checks that the values a state element reads (its expression, its inputs and, through
/// VARVAL and Y-array ARYVAL, whatever those read) can be evaluated inside a residual: no
/// reaction forces and no algebraic loop. Reports at the element; returns false then.
/// Whether `g` reads DIF1 of the state `first_state`, directly or through Reference_Variables (a
/// VARSUB may read anything). `seen` guards against revisiting a variable.
bool reads_derivative(const Model& m, const ExpressionGroup& g, int first_state,
                      std::vector<char>& seen) {
  for (const MeasureSpec& ms : g.measures) {
    if (ms.kind == MeasureKind::kState && ms.element == first_state && ms.comp == 1) return true;
    if (ms.kind != MeasureKind::kVarval || ms.element < 0) continue;
    const auto v = static_cast<size_t>(ms.element);
    if (seen[v]) continue;
    seen[v] = 1;
    if (m.variables[v].user || reads_derivative(m, m.variables[v].expr, first_state, seen)) {
      return true;
    }
  }
  return false;
}

class InputCheck {
 public:
  InputCheck(const Model& m, const StateElement& e, Diagnostics& diag)
      : m_(m), e_(e), diag_(diag) {}

  bool group(const ExpressionGroup& g) {
    for (const auto& ms : g.measures) {
      if (!measure(ms)) return false;
    }
    return true;
  }
  bool variable(int v) {
    if (v < 0) return true;  // already reported
    // A VARSUB reads bodies, reactions and states only (c_sysfnc): no loop closes through it.
    if (m_.variables[v].user) return true;
    return node({0, v}, fmt::format("Reference_Variable {}", m_.variables[v].id),
                [&] { return group(m_.variables[v].expr); });
  }

 private:
  bool measure(const MeasureSpec& ms) {
    if (ms.kind == MeasureKind::kVarval) return variable(ms.element);
    if (ms.kind == MeasureKind::kOutput) {
      const StateElement& o = m_.state_elements[ms.element];
      // A USERSUB output may depend on every input (GSESUB/YFOSUB are black boxes).
      const bool user = o.form == StateElement::Form::kUserSub;
      return node({1, ms.element * 1000000 + ms.comp},
                  fmt::format("output {} of {}", ms.comp + 1, o.subject), [&] {
                    for (size_t j = 0; j < o.inputs.size(); ++j) {
                      if ((user || o.D(ms.comp, static_cast<Eigen::Index>(j)) != 0.0) &&
                          !variable(o.inputs[j])) {
                        return false;
                      }
                    }
                    return true;
                  });
    }
    if (ms.kind == MeasureKind::kUserArray) {
      const ReferenceArray& a = m_.arrays[ms.element];
      if (a.owner >= 0) return true;  // ARYSUB reads bodies, reactions and states only
      diag_.error(e_.loc, e_.subject,
                  fmt::format("its inputs read ARYVAL of Reference_Array {}, an ARYSUB array that "
                              "no state element uses as u_array_id (that element evaluates it)",
                              a.id));
      return false;
    }
    if (ms.reads_multipliers()) {
      diag_.error(e_.loc, e_.subject,
                  "its inputs read reaction forces (JOINT, FX, SFORCE, ...), which state "
                  "elements cannot use yet");
      return false;
    }
    if (is_acceleration_measure(ms.kind)) {
      diag_.error(e_.loc, e_.subject,
                  "its inputs read accelerations (ACCX..ACCM, WDTX..WDTM), which state elements "
                  "cannot use yet (forces and requests may)");
      return false;
    }
    return true;
  }

  template <class F>
  bool node(std::pair<int, int> key, const std::string& what, F&& expand) {
    auto it = state_.find(key);
    if (it != state_.end()) {
      if (it->second) return true;  // done
      diag_.error(e_.loc, e_.subject,
                  fmt::format("its inputs form an algebraic loop through {}", what));
      return false;
    }
    state_[key] = false;
    const bool ok = expand();
    state_[key] = true;
    return ok;
  }

  const Model& m_;
  const StateElement& e_;
  Diagnostics& diag_;
  std::map<std::pair<int, int>, bool> state_;  ///< false while being expanded
};

/// False (after reporting it) when `ids` already has `id` of `family`.
bool unique_id(int id, const SourceLoc& loc, const std::string& subject, const char* family,
               std::map<int, SourceLoc>& ids, Diagnostics& diag) {
  auto [it, fresh] = ids.emplace(id, loc);
  if (!fresh) {
    diag.error(
        loc, subject,
        fmt::format("duplicate {} id {} (first defined at {})", family, id, it->second.str()));
  }
  return fresh;
}

/// Reference_Array, Control_PlantInput or Control_PlantOutput elements (`family`) into `out`.
void resolve_arrays(const ModelDraft& draft, const std::vector<DraftArray>& drafts,
                    const char* family, std::vector<ReferenceArray>& out, Diagnostics& diag) {
  std::map<int, SourceLoc> seen;
  for (const auto& da : drafts) {
    if (!unique_id(da.id, da.loc, da.subject, family, seen, diag)) continue;
    ReferenceArray a;
    a.id = da.id;
    a.type = da.type;
    a.size = da.size;
    a.values = da.values;
    a.loc = da.loc;
    a.user = da.user;
    for (int vid : da.variable_ids) {
      int index = -1;
      for (size_t v = 0; v < draft.variables.size(); ++v) {
        if (draft.variables[v].id == vid) index = static_cast<int>(v);
      }
      if (index < 0) {
        diag.error(da.list_loc, da.subject,
                   fmt::format("variable id {} is not a Reference_Variable", vid));
      }
      a.variables.push_back(index);
    }
    out.push_back(std::move(a));
  }
}

/// The array indices (-2: none given, -1: reported) and input count of a state element.
struct StateArrays {
  int x = -2, u = -2, y = -2, ic = -2;
  int nu = 0;
};

/// A GSESUB / YFOSUB element: zero matrices of the sizes its arrays and num_output give.
bool size_user_matrices(const DraftStateElement& d, const StateArrays& a, const Model& m,
                        StateElement& e, Diagnostics& diag) {
  bool ok = true;
  const int n = d.num_states + d.num_discrete;
  int p = d.kind == StateElement::Kind::kForce
              ? 6
              : (a.y >= 0 && m.arrays[a.y].size > 0 ? m.arrays[a.y].size : -1);
  if (d.num_outputs >= 0 && p >= 0 && d.num_outputs != p) {
    diag.error(d.base.loc, d.base.subject,
               d.kind == StateElement::Kind::kForce
                   ? fmt::format("num_output is {}; a Force_StateEqn has exactly 6 outputs "
                                 "(FX FY FZ TX TY TZ)",
                                 d.num_outputs)
                   : fmt::format("num_output is {} but y_array_id {} has num_element {}",
                                 d.num_outputs, d.y.id, p));
    ok = false;
  }
  if (p < 0) p = std::max(d.num_outputs, 0);
  if (a.x >= 0 && m.arrays[a.x].size != 0 && m.arrays[a.x].size != d.num_states) {
    diag.error(d.x.loc, d.base.subject,
               fmt::format("{} {} has {} entries but the element has {} states",
                           name_of(d.x, "x_array_id"), d.x.id, m.arrays[a.x].size, d.num_states));
    ok = false;
  }
  e.A = Eigen::MatrixXd::Zero(n, n);
  e.B = Eigen::MatrixXd::Zero(n, a.nu);
  e.C = Eigen::MatrixXd::Zero(p, n);
  e.D = Eigen::MatrixXd::Zero(p, a.nu);
  return ok;
}

/// A LINEAR element: its A, B, C, D matrices, checked against its arrays.
bool read_linear_matrices(const DraftStateElement& d, const StateArrays& a, const Model& m,
                          StateElement& e, Diagnostics& diag) {
  const int n = a.x >= 0 ? m.arrays[a.x].size : 0;
  auto A = find_matrix(m, d, d.a, -1, -1, "a_matrix_id", diag);
  if (A && (A->rows() != A->cols() || (n > 0 && A->rows() != n))) {
    diag.error(d.a.loc, d.base.subject,
               fmt::format("{} {} is {} x {}; it must be n x n with n = {} (the states "
                           "of {} {})",
                           name_of(d.a, "a_matrix_id"), d.a.id, A->rows(), A->cols(), n,
                           name_of(d.x, "x_array_id"), d.x.id));
    A.reset();
  }
  if (!A) return false;
  bool ok = true;
  e.A = *A;
  const int ns = static_cast<int>(A->rows());
  int p = d.kind == StateElement::Kind::kForce ? 6 : -1;
  if (p < 0) {
    if (d.c.id != 0) {
      for (const auto& mx : m.matrices)
        if (mx.id == d.c.id) p = static_cast<int>(mx.values.rows());
    } else if (d.d.id != 0) {
      for (const auto& mx : m.matrices)
        if (mx.id == d.d.id) p = static_cast<int>(mx.values.rows());
    } else {
      p = a.y >= 0 ? m.arrays[a.y].size : 0;
    }
  }
  auto B = find_matrix(m, d, d.b, ns, a.nu, "b_matrix_id", diag);
  auto C = find_matrix(m, d, d.c, std::max(p, 0), ns, "c_matrix_id", diag);
  auto D = find_matrix(m, d, d.d, std::max(p, 0), a.nu, "d_matrix_id", diag);
  if (B && C && D) {
    e.B = *B;
    e.C = *C;
    e.D = *D;
  } else {
    ok = false;
  }
  if (d.kind == StateElement::Kind::kForce && d.c.id == 0 && d.d.id == 0) {
    diag.warning(d.base.loc, d.base.subject,
                 "neither c_matrix_id nor d_matrix_id is given: the force is zero");
  }
  return ok;
}

/// A state element other than Control_Diff: its arrays, matrices and initial conditions; the
/// arrays it writes are claimed for element `owner`.
bool resolve_state_arrays(const DraftStateElement& d, int owner, Model& m, StateElement& e,
                          Diagnostics& diag) {
  bool ok = true;
  StateArrays a;
  a.x = find_array(m, d, d.x, ReferenceArray::Type::kX, "x_array_id", diag);
  a.u = find_array(m, d, d.u, ReferenceArray::Type::kU, "u_array_id", diag);
  a.y = find_array(m, d, d.y, ReferenceArray::Type::kY, "y_array_id", diag);
  a.ic = find_array(m, d, d.ic, ReferenceArray::Type::kIC, "ic_array_id", diag);
  if (a.x == -1 || a.u == -1 || a.y == -1 || a.ic == -1) ok = false;
  if (a.u >= 0) e.inputs = m.arrays[a.u].variables;
  // An ARYSUB array has no variables: its routine gives num_element inputs.
  a.nu = a.u >= 0 && m.arrays[a.u].user ? m.arrays[a.u].size : static_cast<int>(e.inputs.size());
  if (d.form == StateElement::Form::kUserSub) {
    ok = size_user_matrices(d, a, m, e, diag) && ok;
  } else if (d.kind == StateElement::Kind::kSiso) {
    if (a.nu != 1) {
      diag.error(d.u.loc, d.base.subject,
                 fmt::format("u_array_id must list exactly 1 variable ({} given)", a.nu));
      ok = false;
    }
    realise_siso(d, e);
  } else {
    ok = read_linear_matrices(d, a, m, e, diag) && ok;
  }
  e.num_states = static_cast<int>(e.A.rows());
  e.num_discrete = d.num_discrete;
  e.sample_period = d.sample_period;
  e.sample_offset = d.sample_offset;
  const int nc = e.num_continuous();
  e.ic.assign(e.num_states, 0.0);
  if (a.ic >= 0) {
    if (m.arrays[a.ic].size != nc) {
      diag.error(d.ic.loc, d.base.subject,
                 fmt::format("{} {} has {} values for {} states", name_of(d.ic, "ic_array_id"),
                             d.ic.id, m.arrays[a.ic].size, nc));
      ok = false;
    } else {
      std::copy(m.arrays[a.ic].values.begin(), m.arrays[a.ic].values.end(), e.ic.begin());
    }
  }
  // The discrete states of a sampled GSE: their initial values (ICD) and their X array (XD).
  const int icd = find_array(m, d, d.icd, ReferenceArray::Type::kIC, "icd_array_id", diag);
  const int xd = find_array(m, d, d.xd, ReferenceArray::Type::kX, "xd_array_id", diag);
  if (icd == -1 || xd == -1) ok = false;
  if (icd >= 0) {
    if (m.arrays[icd].size != e.num_discrete) {
      diag.error(
          d.icd.loc, d.base.subject,
          fmt::format("{} {} has {} values for {} discrete states", name_of(d.icd, "icd_array_id"),
                      d.icd.id, m.arrays[icd].size, e.num_discrete));
      ok = false;
    } else {
      std::copy(m.arrays[icd].values.begin(), m.arrays[icd].values.end(), e.ic.begin() + nc);
    }
  }
  if (xd >= 0) e.xd_array = xd;
  if (a.x >= 0) e.x_array = a.x;
  if (a.y >= 0) e.y_array = a.y;
  if (a.u >= 0) e.u_array = a.u;
  m.state_elements.push_back(e);  // claim() names the owner by index
  // Sizes are only compared when the matrices were valid (no follow-up errors).
  const bool sized = ok;
  ok &= claim(m, a.x, owner, d, d.x, sized ? nc : -1, "x_array_id", diag);
  ok &= claim(m, xd, owner, d, d.xd, sized ? e.num_discrete : -1, "xd_array_id", diag);
  if (xd >= 0) m.arrays[xd].first_owner_state = nc;
  ok &= claim(m, a.y, owner, d, d.y, sized ? static_cast<int>(e.C.rows()) : -1, "y_array_id", diag);
  m.state_elements.pop_back();
  return ok;
}

}  // namespace

void resolve_state_data(const ModelDraft& draft, Model& m, Diagnostics& diag) {
  std::map<int, SourceLoc> seen;
  for (const auto& mx : draft.matrices) {
    if (unique_id(mx.id, mx.loc, fmt::format("Reference_Matrix {}", mx.id), "Reference_Matrix",
                  seen, diag))
      m.matrices.push_back(mx);
  }
  seen.clear();
  for (const auto& s : draft.splines) {
    if (unique_id(s.id, s.loc, fmt::format("Reference_Spline {}", s.id), "Reference_Spline", seen,
                  diag))
      m.splines.push_back(s);
  }
  m.strings = draft.strings;  // ids checked by build_reference_string
  resolve_arrays(draft, draft.arrays, "Reference_Array", m.arrays, diag);
  resolve_arrays(draft, draft.plant_inputs, "Control_PlantInput", m.plant_inputs, diag);
  resolve_arrays(draft, draft.plant_outputs, "Control_PlantOutput", m.plant_outputs, diag);
  // State elements: their layout in the state block, arrays and matrices.
  std::map<std::pair<int, int>, SourceLoc> ids;
  for (const auto& d : draft.state_elements) {
    auto [it, fresh] = ids.emplace(std::make_pair(static_cast<int>(d.kind), d.base.id), d.base.loc);
    if (!fresh) {
      diag.error(d.base.loc, d.base.subject,
                 fmt::format("duplicate id {} (first defined at {})", d.base.id, it->second.str()));
      continue;
    }
    const int owner = static_cast<int>(m.state_elements.size());
    StateElement e;
    e.kind = d.kind;
    e.form = d.form;
    e.id = d.base.id;
    e.subject = d.base.subject;
    e.loc = d.base.loc;
    e.static_hold = d.static_hold;
    e.user = d.user;
    bool ok = true;
    if (d.kind == StateElement::Kind::kDiff) {
      e.num_states = 1;
      e.ic = {d.ic_value};
      e.ic_dot = {d.ic_dot};
    } else {
      ok = resolve_state_arrays(d, owner, m, e, diag);
    }
    if (!ok) continue;
    // The first element that uses an ARYSUB array evaluates it for every reader (ARYVAL).
    if (e.u_array >= 0 && m.arrays[e.u_array].user && m.arrays[e.u_array].owner < 0) {
      m.arrays[e.u_array].owner = owner;
    }
    e.first_state = m.num_states;
    m.num_states += e.num_states;
    m.state_elements.push_back(std::move(e));
  }
}

void resolve_state_expressions(const ModelDraft& draft, Model& m, Diagnostics& diag) {
  size_t k = 0;
  for (const auto& d : draft.state_elements) {
    while (k < m.state_elements.size() && m.state_elements[k].subject != d.base.subject) ++k;
    if (k == m.state_elements.size()) break;
    StateElement& e = m.state_elements[k];
    if (e.kind == StateElement::Kind::kForce) {
      int* markers[3] = {&e.i_marker, &e.j_marker, &e.ref_marker};
      for (size_t s = 0; s < 3 && s < d.base.marker_ids.size(); ++s) {
        const int id = d.base.marker_ids[s];
        if (id == 0) continue;
        auto it = m.marker_index.find(id);
        if (it == m.marker_index.end()) {
          diag.error(d.base.marker_locs[s], d.base.subject,
                     fmt::format("marker {} is not a Reference_Marker", id));
          continue;
        }
        *markers[s] = it->second;
      }
    }
    if (e.kind == StateElement::Kind::kDiff) {
      ModelBinder binder(m, false);
      ExpressionGroupBuilder builder(binder, diag);
      for (const DeckAttribute* a : d.base.expressions) {
        if (a) builder.add(*a, d.base.subject);
      }
      e.expr = builder.finish();
      std::vector<char> seen(m.variables.size(), 0);
      if (e.form == StateElement::Form::kImplicit && !e.expr.exprs.empty() &&
          !d.base.expressions.empty() && d.base.expressions[0] &&
          !reads_derivative(m, e.expr, e.first_state, seen)) {
        diag.error(d.base.expressions[0]->loc, d.base.subject,
                   fmt::format("is_implicit=\"TRUE\" solves expr = 0 for the state's derivative, "
                               "so expr must depend on DIF1({}); this one does not (write the "
                               "equation with DIF1({}), or use is_implicit=\"FALSE\" for "
                               "DIF1 = expr)",
                               e.id, e.id));
      }
    }
    InputCheck check(m, e, diag);
    bool ok = check.group(e.expr);
    for (size_t j = 0; j < e.inputs.size() && ok; ++j) ok = check.variable(e.inputs[j]);
    ++k;
  }
}

}  // namespace mb
