#include "compare/config_file.hpp"

#include <fmt/format.h>

#include "common/error.hpp"

namespace mb::compare {

void config_error(const std::string& source, int line, const std::string& msg) {
  throw Error(ExitCode::kDeckError, fmt::format("{}:{}: {}", source, line, msg));
}

}  // namespace mb::compare
