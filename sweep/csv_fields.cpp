#include "sweep/csv_fields.hpp"

#include "common/text.hpp"

namespace mb::sweep {

std::string csv_field(std::string_view value) {
  std::string v(value);
  for (auto& c : v) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  const bool quote = v.find_first_of(",\"") != std::string::npos ||
                     (!v.empty() && (v.front() == ' ' || v.back() == ' '));
  if (!quote) return v;
  std::string out = "\"";
  for (char c : v) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + '"';
}

std::string csv_line(const std::vector<std::string>& fields) {
  std::string out;
  for (size_t i = 0; i < fields.size(); ++i) {
    if (i) out += ',';
    out += csv_field(fields[i]);
  }
  return out;
}

std::optional<std::vector<std::string>> split_csv_line(std::string_view line) {
  std::vector<std::string> out;
  size_t i = 0;
  while (true) {
    while (i < line.size() && line[i] == ' ') ++i;
    std::string field;
    if (i < line.size() && line[i] == '"') {
      ++i;
      bool closed = false;
      while (i < line.size()) {
        if (line[i] == '"') {
          if (i + 1 < line.size() && line[i + 1] == '"') {
            field += '"';
            i += 2;
            continue;
          }
          closed = true;
          ++i;
          break;
        }
        field += line[i++];
      }
      if (!closed) return std::nullopt;
      while (i < line.size() && line[i] != ',') ++i;  // blanks after the closing quote
    } else {
      const size_t comma = line.find(',', i);
      field = std::string(
          trim(line.substr(i, comma == std::string_view::npos ? line.npos : comma - i)));
      i = comma == std::string_view::npos ? line.size() : comma;
    }
    out.push_back(std::move(field));
    if (i >= line.size()) break;
    ++i;  // the comma
  }
  return out;
}

}  // namespace mb::sweep
