#pragma once
// Reads an Adams XML results file (XRF, `.res`, written by Adams Solver with RESULTS/XRF) into
// a CurveTable.
//
// The layout Adams writes (namespace http://www.mscsoftware.com/:xrf10):
//   <Results>
//     <Analysis name="Last_Run" ...>
//       <StepMap name="map_001">
//         <Entity name="time"><Component name="TIME" id="1"/></Entity>
//         <Entity name="PART_2_XFORM" entity="PART_2" entType="Part" objectId="2">
//           <Component name="X" unitsValue="meter" id="2"/> ...
//       </StepMap>
//       <Data name="initialConditions_001"><Step type="initialConditions"> values </Step></Data>
//       <Data name="dynamic_001"><Step type="dynamic"> values </Step> ...</Data>
// Each Step holds one whitespace-separated value per Component; a Component's `id` is its
// 1-based position in the Step. The time is the component TIME.
//
// The table: time from TIME; one channel per other Component, named `<Entity name>.<Component
// name>` (e.g. `PART_2_XFORM.X`, `JOINT_1.FX`, `REQUEST_1.U2`), unit from `unitsValue`; one row
// per Step of every type but `input` (the model's input values, not a result), in file order
// (Adams writes the initial conditions, possibly twice, then the steps of the analysis; equal
// times are kept). Components without a name (removed with CNAMES) are left out. Only the
// first Analysis is read (a note says so when there are more).
//
// Part results: the entities `<part>_XFORM` with entType="Part" are the pose (X, Y, Z, PSI,
// THETA, PHI), velocities and accelerations of each part's reference frame (its BCS, the frame
// of PART/..., QG=, REULER=), not of its centre of mass; the table's notes say so and name them.
//
// Malformed input (not XML, no StepMap, a Step whose value count differs from the map, a value
// that is not a finite number, decreasing time) throws mb::Error(kDeckError) as
// `source:line: message`.

#include <string>
#include <string_view>

#include "results/curve_table.hpp"

namespace mb::results {

/// True when the text starts like an XML results file (an XML declaration or <Results>).
bool looks_like_adams_res(std::string_view text);

CurveTable parse_adams_res(std::string_view text, const std::string& source);

}  // namespace mb::results
