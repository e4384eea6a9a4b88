#include "models/reference_matrix.hpp"

#include <fmt/format.h>

#include <cmath>
#include <set>

#include "models/expression_element_reader.hpp"
#include "models/state_reader.hpp"

namespace mb {

void build_reference_matrix(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  ReferenceMatrix m;
  m.id = in.require_id();
  m.loc = in.node().loc;
  const auto rows = in.integer("nrow", 1, 10000);
  const auto cols = in.integer("ncol", 1, 10000);
  if (!in.has("nrow")) in.missing("nrow");
  if (!in.has("ncol")) in.missing("ncol");
  reject_user_subroutines(in);
  const bool sparse = in.boolean("issparse").value_or(false);
  const bool row_order = in.boolean("isroworder").value_or(false);
  const auto nval = in.integer("nval", 0, 100000000);
  if (!rows || !cols) return;
  const auto list = read_number_list(in, in.has("values") ? "values" : "");
  if (!list) return;
  m.values = Eigen::MatrixXd::Zero(*rows, *cols);
  if (!sparse) {
    if (in.has("nval")) in.error("nval", "nval belongs to sparse matrices (issparse=\"TRUE\")");
    const size_t want = static_cast<size_t>(*rows * *cols);
    if (list->size() != want) {
      in.error_here(fmt::format("a dense {} x {} matrix needs {} values, {} given", *rows, *cols,
                                want, list->size()));
      return;
    }
    for (long long r = 0; r < *rows; ++r) {
      for (long long c = 0; c < *cols; ++c) {
        m.values(r, c) = (*list)[static_cast<size_t>(row_order ? r * *cols + c : c * *rows + r)];
      }
    }
  } else {
    if (!nval) {
      if (!in.has("nval")) in.error_here("a sparse matrix needs nval (the number of triplets)");
      return;
    }
    if (list->size() != static_cast<size_t>(3 * *nval)) {
      in.error_here(
          fmt::format("nval is {}: {} numbers (row col value triplets) are needed, {} "
                      "given",
                      *nval, 3 * *nval, list->size()));
      return;
    }
    std::set<std::pair<long long, long long>> seen;
    for (long long k = 0; k < *nval; ++k) {
      const double r = (*list)[3 * k], c = (*list)[3 * k + 1];
      if (r != std::floor(r) || c != std::floor(c) || r < 1 || c < 1 ||
          r > static_cast<double>(*rows) || c > static_cast<double>(*cols)) {
        in.error_here(
            fmt::format("triplet {}: ({:g}, {:g}) is not a 1-based index of a {} x {} "
                        "matrix",
                        k + 1, r, c, *rows, *cols));
        return;
      }
      const auto key = std::make_pair(static_cast<long long>(r), static_cast<long long>(c));
      if (!seen.insert(key).second) {
        in.error_here(fmt::format("entry ({:g}, {:g}) is given twice", r, c));
        return;
      }
      m.values(key.first - 1, key.second - 1) = (*list)[3 * k + 2];
    }
  }
  draft.matrices.push_back(std::move(m));
}

}  // namespace mb
