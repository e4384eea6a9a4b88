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

TEST_CASE("ARYVAL of IC arrays, PINVAL, POUVAL and spline functions in requests") {
  Diagnostics diag;
  auto m = build(R"XML(
    <Reference_Variable id="3" expr="7 + TIME"/>
    <Reference_Variable id="4" expr="DX(20)"/>
    <Control_PlantInput id="1" num_element="2" variable_id_list="4, 3"/>
    <Control_PlantOutput id="2" num_variable="1" variable_id_list="3"/>
    <Post_Request id="2" type="EXPRESSION" expr1="PINVAL(1, 2)" expr2="POUVAL(2, 1)"/>
    <Reference_Array id="7" type="IC" num_element="3"> 1.5 -2 4 </Reference_Array>
    <Reference_Spline id="5" num_xy_pair="4"> 0 0  1 1  2 4  3 9 </Reference_Spline>
    <Post_Request id="1" type="EXPRESSION" expr1="ARYVAL(7, 2)" expr2="LINSPL(1.5, 0, 5)"
        expr3="CUBSPL(1, 0, 5)" expr4="AKISPL(2, 0, 5)"/>)XML",
                 diag);
  INFO(errors(diag));
  REQUIRE(m);
  const System sys(*m);
  RequestOutputs req(sys);
  const std::vector<double> y = sys.initial_state(), yp(y.size(), 0.0);
  std::vector<double> out(6);  // request 2 comes first (deck order)
  req.values(0.0, y.data(), yp.data(), out);
  CHECK(out[0] == 7.0);  // PINVAL(1, 2) = VARVAL(3)
  CHECK(out[1] == 7.0);  // POUVAL(2, 1) = VARVAL(3)
  CHECK(out[2] == -2.0);
  CHECK(out[3] == Approx(2.5));
  CHECK(out[4] == Approx(1.0));  // interpolants pass through the data
  CHECK(out[5] == Approx(4.0));
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
       "missing required attribute 'usrsub_param_string'"},
      {R"X(<Reference_Array id="1" type="X" num_element="2"/>
          <Reference_Matrix id="2" nrow="2" ncol="3"> 1 2 3 4 5 6 </Reference_Matrix>
          <Control_StateEqn id="3" type="LINEAR" x_array_id="1" a_matrix_id="2"/>)X",
       "a_matrix_id 2 is 2 x 3; it must be n x n with n = 2"},
      {R"X(<Control_Diff id="1" expr="DIF(2)"/>)X", "Control_Diff 2 does not exist"},
      {R"X(<Control_Diff id="1" expr="ARYVAL(5, 1)"/>)X", "Reference_Array 5 does not exist"},
      {R"X(<Control_SISO id="1" x_array_id="1" u_array_id="2" y_array_id="3"
           numerator_coef="1 2 3" denominator_coef="1 1"/>)X",
       "improper transfer function"},
      {R"X(<Reference_Variable id="1" expr="ARYVAL(3, 1)"/>
          <Reference_Array id="1" type="X" num_element="1"/>
          <Reference_Array id="2" type="U" num_element="1" variable_id="1"/>
          <Reference_Array id="3" type="Y" num_element="1"/>
          <Reference_Matrix id="4" nrow="1" ncol="1"> -1 </Reference_Matrix>
          <Reference_Matrix id="5" nrow="1" ncol="1"> 2 </Reference_Matrix>
          <Control_StateEqn id="6" type="LINEAR" x_array_id="1" u_array_id="2" y_array_id="3"
              a_matrix_id="4" c_matrix_id="5" d_matrix_id="5"/>)X",
       "Control_StateEqn 6: its inputs form an algebraic loop through"},
      {R"X(<Reference_Variable id="1" expr="FX(20)"/>
          <Control_Diff id="2" expr="VARVAL(1)"/>)X",
       "Control_Diff 2: its inputs read reaction forces"},
      {R"X(<Control_Diff id="2" expr="FX(20)"/>)X", "FX() may be used in requests only"},
      {R"X(<Control_PlantInput id="1" num_element="2" variable_id_list="1"/>)X",
       "num_element is 2 but 1 variable ids are given"},
      {R"X(<Reference_Variable id="1" expr="1"/>
          <Control_PlantOutput id="2" num_element="1" variable_id_list="1"/>
          <Post_Request id="3" type="EXPRESSION" expr1="POUVAL(2, 2)"/>)X",
       "Control_PlantOutput 2 has 1 entries; k = 2 is out of range"},
      {R"X(<Force_StateEqn id="1" type="USERSUB" num_state="2" usrsub_dll_name="no_such_library"
           usrsub_param_string="USER(1)" x_array_id="1" i_marker_id="20"
           j_floating_marker_id="20" ref_marker_id="20"/>)X",
       "Force_StateEqn 1: user library 'no_such_library' not found"},
      {R"X(<Force_StateEqn id="1" type="USERSUB" usrsub_dll_name="lib"
           usrsub_param_string="USER(1)" x_array_id="1" i_marker_id="20"
           j_floating_marker_id="20" ref_marker_id="20"/>)X",
       "type USERSUB needs num_state"},
      {R"X(<Reference_Array id="1" type="IC" num_element="1" usrsub_dll_name="lib"
           usrsub_param_string="USER(1)"/>)X",
       "only a type U array can be filled by a user subroutine (ARYSUB)"},
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
