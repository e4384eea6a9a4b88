#pragma once
// Recursive-descent parser (docs/motionsolve-format.md section 5.2). Grammar, highest precedence
// last; each rule is the comment on its parse function:
//
//   expr           := additive
//   additive       := multiplicative { ('+'|'-') multiplicative }      left to right
//   multiplicative := unary { ('*'|'/') unary }                        left to right
//   unary          := ('+'|'-') unary | power
//   power          := primary [ '**' unary ]                           right to left
//   primary        := number | constant | '(' expr ')' | funcall | ifcall
//   funcall        := IDENT '(' [ expr { ',' expr } ] ')'
//   ifcall         := 'IF' '(' expr ':' expr ',' expr ',' expr ')'
//
// So `-2**2` = -(2**2) = -4, `2**3**2` = 2**9 = 512 and `2**-TIME`, `3*-TIME` are valid (Fortran).
// Names are looked up in the builtin table; the parser checks names and argument counts. It
// fills in omitted optional arguments with the table default. Model-bound and spline calls stay
// kCall nodes; compile() binds them.

#include <string>
#include <string_view>
#include <vector>

#include "expr/ast.hpp"

namespace mb::expr {

/// A compile-time problem at a span of the expression text.
struct Problem {
  size_t offset = 0;
  size_t length = 0;
  std::string message;
};

/// Parses `text`. Returns nullptr when there is a syntax error; name and arity errors are
/// collected in `problems` while parsing continues (then a tree may still be returned, but the
/// caller must not use it when `problems` is not empty).
NodePtr parse(std::string_view text, std::vector<Problem>& problems);

}  // namespace mb::expr
