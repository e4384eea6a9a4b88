#include "common/text.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace mb {

std::string to_lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  }
  return true;
}

std::string_view trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

std::vector<std::string> split_list(std::string_view s) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == ',' || std::isspace(static_cast<unsigned char>(c))) {
      if (!cur.empty()) out.push_back(std::move(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

std::optional<double> parse_real(std::string_view s) {
  s = trim(s);
  if (s.empty()) return std::nullopt;
  std::string buf(s);
  for (auto& c : buf) {
    if (c == 'd' || c == 'D') c = 'e';  // Fortran double-precision exponent
  }
  // Only plain decimal numbers: reject hex floats, inf and nan spellings.
  for (char c : buf) {
    if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == 'e' || c == 'E' ||
          c == '+' || c == '-'))
      return std::nullopt;
  }
  double v = 0;
  const char* first = buf.data();
  if (*first == '+') ++first;
  auto [ptr, ec] = std::from_chars(first, buf.data() + buf.size(), v);
  if (ec != std::errc() || ptr != buf.data() + buf.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

std::optional<long long> parse_int(std::string_view s, long long min, long long max) {
  s = trim(s);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  long long v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || ptr != s.data() + s.size() || v < min || v > max)
    return std::nullopt;
  return v;
}

std::string xml_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

int edit_distance(std::string_view a, std::string_view b) {
  std::vector<int> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = static_cast<int>(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                        std::tolower(static_cast<unsigned char>(b[j - 1]));
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (same ? 0 : 1)});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

namespace {
size_t common_prefix(std::string_view a, std::string_view b) {
  size_t n = 0;
  while (n < a.size() && n < b.size() &&
         std::tolower(static_cast<unsigned char>(a[n])) ==
             std::tolower(static_cast<unsigned char>(b[n])))
    ++n;
  return n;
}
}  // namespace

std::string closest_match(std::string_view word, std::span<const std::string_view> candidates) {
  std::string best;
  int best_d = 1 << 30;
  // A likely typo: at most a third of the word's letters differ (and at least one may).
  const int limit = std::max<int>(1, static_cast<int>(std::min<size_t>(word.size(), 1 << 20)) / 3);
  for (auto c : candidates) {
    // The distance is at least the length difference: skip hopeless (and huge) comparisons.
    const size_t gap = word.size() > c.size() ? word.size() - c.size() : c.size() - word.size();
    if (gap > static_cast<size_t>(limit)) continue;
    const int d = edit_distance(word, c);
    // Ties go to the candidate sharing the longer prefix with the word (SINN -> SIN, not SIGN).
    if (d < best_d || (d == best_d && common_prefix(word, c) > common_prefix(word, best))) {
      best_d = d;
      best = std::string(c);
    }
  }
  return best_d <= limit ? best : std::string();
}

}  // namespace mb
