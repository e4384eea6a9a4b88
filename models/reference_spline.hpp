#pragma once
// Reference_Spline (format reference 2.7): num_xy_pair="n" rows "x y" in the element text (x
// strictly increasing), linear_extrap (default FALSE). Read by AKISPL, CUBSPL and LINSPL
// (expr/spline.hpp). Surfaces and Spline_Read data are reported as not supported yet.

#include "models/element_reader.hpp"
#include "models/model_draft.hpp"

namespace mb {
void build_reference_spline(ElementReader& in, ModelDraft& draft, bool in_command);
}
