#pragma once

#include <string>

namespace mb {

/// The whole file as bytes; throws Error(kInputNotFound) naming the path if it cannot be read.
std::string read_text_file(const std::string& path);

}  // namespace mb
