#include "app/run_log.hpp"

#include <ctime>
#include <iostream>

namespace mb {

void RunLog::line(const std::string& s, bool important) {
  text_ << s << '\n';
  if (verbosity_ == Verbosity::kVerbose || (important && verbosity_ != Verbosity::kQuiet)) {
    std::cerr << s << '\n';
  }
}

std::string now_iso8601() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

}  // namespace mb
