#pragma once

#include <string>

namespace mb {

/// The whole file as text: UTF-8 as it is, UTF-16 (with a byte-order mark, or starting with an
/// ASCII character) converted to UTF-8. Throws Error(kInputNotFound) naming the path if it
/// cannot be read or is a folder or a device, Error(kDeckError) beyond 1 GB.
std::string read_text_file(const std::string& path);

}  // namespace mb
