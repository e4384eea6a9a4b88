#pragma once
// Shared reading steps of the elements whose expressions are compiled in pass 2: markers by
// attribute name, numbers, and the expression attributes (kept as deck attributes until every id
// is known).

#include <initializer_list>
#include <optional>
#include <string_view>

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"
#include "models/user_subroutine.hpp"

namespace mb {

/// Starts a draft: id, subject, location.
DraftExpressionElement start_draft(ElementReader& in);

/// Appends the marker id of `attr` (0 when absent and not required).
void read_marker(ElementReader& in, DraftExpressionElement& d, std::string_view attr,
                 bool required);

/// Appends the expression attribute `attr` (nullptr when absent or written "NULL").
void read_expression(ElementReader& in, DraftExpressionElement& d, std::string_view attr);

/// Reports USERSUB/script attributes as not supported yet.
void reject_user_subroutines(ElementReader& in);

/// type="EXPRESSION" (the default) or "USERSUB": the user routine `routine` (a SENSUB, a
/// SEVSUB, ...) when USERSUB, else the expression attribute `expr` appended to `d` (`what` says
/// what it holds when it is missing). Errors at the attributes; nothing returned after one.
std::optional<UserSubroutine> read_expression_or_user(ElementReader& in, DraftExpressionElement& d,
                                                      std::string_view routine,
                                                      std::string_view what);

/// Reads redundant body-id hints so that they are not reported as unknown.
void accept_hints(ElementReader& in, std::initializer_list<std::string_view> names);

}  // namespace mb
