// Reference data as the state elements and ARYVAL see them: Reference_Matrix storage orders
// (column-major by default, isroworder, sparse triplets), IC arrays read by ARYVAL, splines read
// by AKISPL/CUBSPL/LINSPL, and the deck errors of malformed data.

#include <catch2/catch.hpp>

#include "solver/request_outputs.hpp"
#include "tests/solver/inline_deck.hpp"

using namespace mb;

namespace {

constexpr const char* kHead = R"XML(<MotionSolve><Model>
    <Body_Rigid id="1" isground="TRUE"/>
    <Body_Rigid id="2" cg_id="20" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
    <Reference_Marker id="20" body_id="2"/>
)XML";

std::optional<Model> build(const std::string& body, Diagnostics& diag) {
  const std::string xml = std::string(kHead) + body + "</Model></MotionSolve>";
  Deck deck = read_xml_deck_text(xml, "data.xml", diag);
  return build_model(deck, diag);
}

std::string errors(const Diagnostics& diag) {
  std::string all;
  for (const auto& d : diag.all()) all += d.str() + "\n";
  return all;
}

}  // namespace

TEST_CASE("Reference_Matrix storage orders") {
  Diagnostics diag;
  auto m = build(R"XML(
    <Reference_Matrix id="1" nrow="2" ncol="3"> 11, 21, 12, 22, 13, 23 </Reference_Matrix>
    <Reference_Matrix id="2" nrow="2" ncol="3" isroworder="TRUE"> 11 12 13 21 22 23 </Reference_Matrix>
    <Reference_Matrix id="3" nrow="2" ncol="3" issparse="TRUE" nval="3"> 1 1 11  2 3 23  1 2 12
    </Reference_Matrix>)XML",
                 diag);
  INFO(errors(diag));
  REQUIRE(m);
  REQUIRE(m->matrices.size() == 3);
  Eigen::MatrixXd want(2, 3);
  want << 11, 12, 13, 21, 22, 23;
  CHECK(m->matrices[0].values == want);
  CHECK(m->matrices[1].values == want);
  Eigen::MatrixXd sparse = Eigen::MatrixXd::Zero(2, 3);
  sparse(0, 0) = 11;
  sparse(1, 2) = 23;
  sparse(0, 1) = 12;
  CHECK(m->matrices[2].values == sparse);
}

TEST_CASE("ARYVAL of IC arrays and spline functions in requests") {
  Diagnostics diag;
  auto m = build(R"XML(
    <Reference_Array id="7" type="IC" num_element="3"> 1.5 -2 4 </Reference_Array>
    <Reference_Spline id="5" num_xy_pair="4"> 0 0  1 1  2 4  3 9 </Reference_Spline>
    <Post_Request id="1" type="EXPRESSION" expr1="ARYVAL(7, 2)" expr2="LINSPL(1.5, 0, 5)"
        expr3="CUBSPL(1, 0, 5)" expr4="AKISPL(2, 0, 5)"/>)XML",
                 diag);
  INFO(errors(diag));
  REQUIRE(m);
  const System sys(*m);
  const RequestOutputs req(sys);
  const std::vector<double> y = sys.initial_state(), yp(y.size(), 0.0);
  std::vector<double> out(4);
  req.values(0.0, y.data(), yp.data(), out);
  CHECK(out[0] == -2.0);
  CHECK(out[1] == Approx(2.5));
  CHECK(out[2] == Approx(1.0));  // interpolants pass through the data
  CHECK(out[3] == Approx(4.0));
}

TEST_CASE("malformed state data is a deck error naming the element") {
  struct Case {
    const char* body;
    const char* message;
  };
  const Case cases[] = {
      {R"X(<Reference_Matrix id="1" nrow="2" ncol="2"> 1 2 3 </Reference_Matrix>)X",
       "a dense 2 x 2 matrix needs 4 values, 3 given"},
      {R"X(<Reference_Matrix id="1" nrow="2" ncol="2" issparse="TRUE" nval="2"> 1 1 5 1 1 6
         </Reference_Matrix>)X",
       "entry (1, 1) is given twice"},
      {R"X(<Reference_Array id="1" type="IC" num_element="2"> 1 </Reference_Array>)X",
       "num_element is 2 but 1 values are given"},
      {R"X(<Reference_Array id="1" type="U" num_element="1" variable_id="99"/>)X",
       "variable id 99 is not a Reference_Variable"},
      {R"X(<Control_Diff id="1" type="USERSUB" usrsub_dll_name="x"/>)X",
       "USERSUB (DIFSUB) Control_Diff is not supported yet"},
      {R"X(<Reference_Array id="1" type="X" num_element="2"/>
          <Reference_Matrix id="2" nrow="2" ncol="3"> 1 2 3 4 5 6 </Reference_Matrix>
          <Control_StateEqn id="3" type="LINEAR" x_array_id="1" a_matrix_id="2"/>)X",
       "a_matrix_id 2 is 2 x 3; it must be n x n with n = 2"},
      {R"X(<Control_Diff id="1" expr="DIF(2)"/>)X", "Control_Diff 2 does not exist"},
      {R"X(<Control_Diff id="1" expr="ARYVAL(5, 1)"/>)X", "Reference_Array 5 does not exist"},
      {R"X(<Control_SISO id="1" x_array_id="1" u_array_id="2" y_array_id="3"
           numerator_coef="1 2 3" denominator_coef="1 1"/>)X",
       "improper transfer function"},
  };
  for (const Case& c : cases) {
    INFO(c.body);
    Diagnostics diag;
    auto m = build(c.body, diag);
    CHECK_FALSE(m);
    CHECK(errors(diag).find(c.message) != std::string::npos);
    INFO(errors(diag));
  }
}
