#include "models/stop.hpp"

namespace mb {

void build_stop(ElementReader& in, ModelDraft& draft, bool /*in_command*/) {
  Command c;
  c.kind = Command::Kind::kStop;
  c.loc = in.node().loc;
  draft.commands.push_back(c);
}

}  // namespace mb
