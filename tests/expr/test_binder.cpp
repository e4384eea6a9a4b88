#include "test_binder.hpp"

#include <catch2/catch.hpp>

namespace mb::expr::test {

Expression must_compile(std::string_view text, TestBinder* binder) {
  TestBinder local;
  Diagnostics diag;
  const std::string s = subst(text);
  auto e = try_compile(s, binder ? *binder : local, diag);
  std::string msgs;
  for (const auto& d : diag.all()) msgs += d.str() + "\n";
  INFO(msgs);
  REQUIRE(e.has_value());
  return *e;
}

std::string errors_of(std::string_view text, TestBinder* binder) {
  TestBinder local;
  Diagnostics diag;
  auto e = try_compile(text, binder ? *binder : local, diag);
  std::string out;
  for (const auto& d : diag.all()) {
    if (!out.empty()) out += '\n';
    out += d.str();
  }
  return out;
}

double eval_at(const Expression& e, double time, std::vector<double> vars) {
  vars.resize(64, 0.0);
  Workspace ws(e);
  return e.eval(time, vars, ws);
}

}  // namespace mb::expr::test
