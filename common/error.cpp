#include "common/error.hpp"

#include <string>

namespace mb {

void assertion_failed(const char* expr, const char* file, int line) {
  throw Error(ExitCode::kInternal, std::string("internal error: assertion '") + expr +
                                       "' failed at " + file + ":" + std::to_string(line));
}

}  // namespace mb
