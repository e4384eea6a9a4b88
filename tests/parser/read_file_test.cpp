// read_text_file: UTF-16 decks (as Windows editors save "Unicode" text) arrive as UTF-8; devices
// and folders are refused (issue 20 and 19).
#include "parser/read_file.hpp"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "common/error.hpp"

using namespace mb;

namespace {

std::string read_bytes_as_text(const std::string& bytes) {
  const auto path = std::filesystem::temp_directory_path() / "mbsolve_read_file_test.xml";
  std::ofstream(path, std::ios::binary) << bytes;
  std::string text = read_text_file(path.string());
  std::filesystem::remove(path);
  return text;
}

}  // namespace

TEST_CASE("read_text_file: UTF-16 in both byte orders becomes UTF-8") {
  // "<a b=\"é€𝄞\"/>": e-acute (2 UTF-8 bytes), the euro sign (3) and G clef U+1D11E (a
  // surrogate pair in UTF-16, 4 bytes in UTF-8).
  const std::string utf8 = "<a b=\"\xC3\xA9\xE2\x82\xAC\xF0\x9D\x84\x9E\"/>";
  const std::string le_units = std::string("<\0a\0 \0b\0=\0\"\0", 12) +
                               std::string("\xE9\x00\xAC\x20\x34\xD8\x1E\xDD", 8) +
                               std::string("\"\0/\0>\0", 6);
  std::string be_units;
  for (size_t i = 0; i < le_units.size(); i += 2) {
    be_units += le_units[i + 1];
    be_units += le_units[i];
  }
  CHECK(read_bytes_as_text("\xFF\xFE" + le_units) == utf8);
  CHECK(read_bytes_as_text("\xFE\xFF" + be_units) == utf8);
  CHECK(read_bytes_as_text(le_units) == utf8);  // no byte-order mark
  CHECK(read_bytes_as_text(be_units) == utf8);
  // An unpaired surrogate becomes U+FFFD.
  CHECK(read_bytes_as_text(std::string("\xFF\xFE<\0\x00\xD8", 6)) == "<\xEF\xBF\xBD");
  // UTF-8 (with or without its byte-order mark) is left as it is.
  CHECK(read_bytes_as_text(utf8) == utf8);
  CHECK(read_bytes_as_text("\xEF\xBB\xBF" + utf8) == "\xEF\xBB\xBF" + utf8);
}

TEST_CASE("read_text_file: a device or a folder is not a deck") {
  try {
    read_text_file("/dev/zero");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.code() == ExitCode::kInputNotFound);
    CHECK(std::string(e.what()) ==
          "/dev/zero: is a device, not a deck file (give the path of a .xml, .adm or .acf file)");
  }
  CHECK_THROWS_AS(read_text_file(std::filesystem::temp_directory_path().string()), Error);
}
