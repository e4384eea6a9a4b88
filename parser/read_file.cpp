#include "parser/read_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/error.hpp"

namespace mb {

namespace {

/// A deck larger than this is refused (a stream that never ends, such as /dev/zero through a
/// pipe, would otherwise fill the memory).
constexpr size_t kMaxDeckBytes = size_t{1} << 30;

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

/// UTF-16 (little- or big-endian, from `begin`) as UTF-8; an unpaired surrogate becomes U+FFFD.
std::string utf16_to_utf8(const std::string& bytes, size_t begin, bool little_endian) {
  std::string out;
  out.reserve(bytes.size() / 2);
  auto unit = [&](size_t i) -> char32_t {
    const auto a = static_cast<unsigned char>(bytes[i]);
    const auto b = static_cast<unsigned char>(bytes[i + 1]);
    return little_endian ? static_cast<char32_t>(a | (b << 8))
                         : static_cast<char32_t>((a << 8) | b);
  };
  for (size_t i = begin; i + 1 < bytes.size(); i += 2) {
    char32_t c = unit(i);
    if (c >= 0xD800 && c < 0xDC00 && i + 3 < bytes.size()) {
      const char32_t low = unit(i + 2);
      if (low >= 0xDC00 && low < 0xE000) {
        c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
        i += 2;
      } else {
        c = 0xFFFD;
      }
    } else if (c >= 0xD800 && c < 0xE000) {
      c = 0xFFFD;
    }
    append_utf8(out, c);
  }
  return out;
}

/// A UTF-16 file (as Windows editors save "Unicode" text: a byte-order mark, or an ASCII first
/// character followed by a zero byte) converted to UTF-8; any other file unchanged.
std::string as_utf8(std::string bytes) {
  if (bytes.size() < 2) return bytes;
  const auto b0 = static_cast<unsigned char>(bytes[0]);
  const auto b1 = static_cast<unsigned char>(bytes[1]);
  if (b0 == 0xFF && b1 == 0xFE) return utf16_to_utf8(bytes, 2, true);
  if (b0 == 0xFE && b1 == 0xFF) return utf16_to_utf8(bytes, 2, false);
  if (b0 != 0 && b0 < 0x80 && b1 == 0) return utf16_to_utf8(bytes, 0, true);
  if (b0 == 0 && b1 != 0 && b1 < 0x80) return utf16_to_utf8(bytes, 0, false);
  return bytes;
}

}  // namespace

std::string read_text_file(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  if (fs::is_directory(st)) {
    throw Error(ExitCode::kInputNotFound, path + ": is a directory, not a deck file");
  }
  if (fs::is_character_file(st) || fs::is_block_file(st) || fs::is_socket(st)) {
    throw Error(
        ExitCode::kInputNotFound,
        path + ": is a device, not a deck file (give the path of a .xml, .adm or .acf file)");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw Error(ExitCode::kInputNotFound, path + ": cannot open: " + std::strerror(errno));
  }
  std::string bytes;
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    bytes.append(buf, static_cast<size_t>(in.gcount()));
    if (bytes.size() > kMaxDeckBytes) {
      throw Error(
          ExitCode::kDeckError,
          path + ": larger than 1 GB; this is not a deck (mbsolve reads decks of up to 1 GB)");
    }
  }
  return as_utf8(std::move(bytes));
}

}  // namespace mb
