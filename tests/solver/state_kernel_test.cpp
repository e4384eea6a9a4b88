// Oracle: the exact (AD) Jacobian of a model with state elements (Control_Diff explicit and
// implicit reading measures and other states, Force_StateEqn with variables and a Y-array
// output of a Control_StateEqn as inputs) equals central finite differences of the residual.

#include <catch2/catch.hpp>
#include <random>

#include "tests/solver/inline_deck.hpp"
#include "tests/solver/jacobian_check.hpp"

using namespace mb;

// Run twice: AD arithmetic resizes empty derivative vectors of its operands in place, so a
// shared (static) ground marker state once kept the first kernel's size and truncated the
// derivatives of later, larger kernels. The second pass catches such leftovers.
TEST_CASE("exact Jacobian with state elements equals central finite differences") {
  for (int pass = 0; pass < 2; ++pass) {
    const std::string xml = R"XML(<MotionSolve><Model>
    <Force_Gravity grav_z="-9.81"/>
    <Body_Rigid id="1" isground="TRUE"/>
    <Reference_Marker id="10" body_id="1" pos_x="0.1"/>
    <Body_Rigid id="2" cg_id="20" mass="2" inertia_xx="0.3" inertia_yy="0.4" inertia_zz="0.5"/>
    <Reference_Marker id="20" body_id="2" pos_x="1" pos_y="0.2" pos_z="0.1" psi="0.3" theta="0.2"/>
    <Reference_Marker id="21" body_id="2" pos_x="1.4" pos_y="0.1" pos_z="0.3" phi="0.2"/>
    <Body_Rigid id="3" cg_id="30" mass="1" inertia_xx="0.2" inertia_yy="0.25" inertia_zz="0.3"/>
    <Reference_Marker id="30" body_id="3" pos_x="2" pos_y="0.5" pos_z="-0.2" phi="0.5"/>
    <Control_Diff id="1" expr="-DIF(1)*DX(20, 30) + VZ(21, 30, 10) + DIF(2) + 0.1*VARVAL(2)"/>
    <Control_Diff id="2" is_implicit="TRUE" expr="DIF1(2)*(2 + DIF(1)**2) + SIN(DIF(2)) - WX(20)"
        ic="0.3"/>
    <Reference_Variable id="1" expr="DX(21, 30) + DIF(1)"/>
    <Reference_Variable id="2" expr="VARVAL(1)*WZ(30) + ARYVAL(105, 1)"/>
    <Reference_Array id="100" type="U" num_element="2" variable_id="1 2"/>
    <Reference_Array id="101" type="X" num_element="2"/>
    <Reference_Array id="103" type="X" num_element="1"/>
    <Reference_Array id="104" type="Y" num_element="1"/>
    <Reference_Array id="105" type="Y" num_element="6"/>
    <Reference_Matrix id="201" nrow="2" ncol="2"> -1 0.5 -0.2 -3 </Reference_Matrix>
    <Reference_Matrix id="202" nrow="2" ncol="2"> 1 2 3 4 </Reference_Matrix>
    <Reference_Matrix id="203" nrow="6" ncol="2"> 1 2 3 4 5 6 7 8 9 10 11 12 </Reference_Matrix>
    <Reference_Matrix id="204" nrow="6" ncol="2"> 0.1 0 0 0.2 0 0 0 0.3 0 0 0 0.4 </Reference_Matrix>
    <Reference_Matrix id="211" nrow="1" ncol="1"> -2 </Reference_Matrix>
    <Reference_Matrix id="212" nrow="1" ncol="1"> 1 </Reference_Matrix>
    <Reference_Matrix id="213" nrow="1" ncol="1"> 3 </Reference_Matrix>
    <Reference_Matrix id="214" nrow="1" ncol="1"> 0.5 </Reference_Matrix>
    <Reference_Array id="110" type="U" num_element="1" variable_id="1"/>
    <Control_StateEqn id="4" type="LINEAR" x_array_id="103" u_array_id="110" y_array_id="104"
        a_matrix_id="211" b_matrix_id="212" c_matrix_id="213" d_matrix_id="214"/>
    <Reference_Variable id="3" expr="ARYVAL(104, 1)*DY(20, 30)"/>
    <Reference_Array id="120" type="U" num_element="2" variable_id="3 1"/>
    <Force_StateEqn id="9" type="LINEAR" x_array_id="101" u_array_id="120" y_array_id="105"
        a_matrix_id="201" b_matrix_id="202" c_matrix_id="203" d_matrix_id="204"
        i_marker_id="21" j_floating_marker_id="30" ref_marker_id="20"/>
  </Model></MotionSolve>)XML";
    Diagnostics diag;
    Deck deck = read_xml_deck_text(xml, "jac.xml", diag);
    auto model = build_model(deck, diag);
    std::string all;
    for (const auto& d : diag.all()) all += d.str() + "\n";
    INFO(all);
    REQUIRE(model);
    const System sys(*model);
    REQUIRE(sys.size() == sys.state_offset() + 5);
    std::mt19937 rng(11);
    const auto check = test::check_jacobian_at_random_state(sys, 0.3, 21.0, rng, 0.3);
    INFO(check.where);
    CHECK(check.state_entries > 20);  // the state rows and the state-driven force are coupled
    CHECK(check.worst < 1e-6);
  }
}
