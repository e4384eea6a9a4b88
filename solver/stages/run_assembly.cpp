#include "solver/stages/stages.hpp"

namespace mb {

void run_assembly(const Stage& st) { st.obs.output(st.t, st.sys, st.ws, st.y, st.ic.yp); }

}  // namespace mb
