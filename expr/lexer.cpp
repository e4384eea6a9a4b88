#include "expr/lexer.hpp"

#include <charconv>
#include <cmath>
#include <numbers>

namespace mb::expr {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_word(char c) { return is_alpha(c) || is_digit(c) || c == '_'; }
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Scans a number at text[i]; fills `t` (kNumber or kError) and returns the end offset.
size_t scan_number(std::string_view text, size_t i, Token& t) {
  const size_t start = i;
  const size_t n = text.size();
  std::string mantissa;
  bool digits = false;
  while (i < n && is_digit(text[i])) mantissa += text[i++], digits = true;
  if (i < n && text[i] == '.') {
    mantissa += text[i++];
    while (i < n && is_digit(text[i])) mantissa += text[i++], digits = true;
  }
  bool ok = digits;
  bool degrees = false;
  if (ok && i < n && (text[i] == 'e' || text[i] == 'E' || text[i] == 'd' || text[i] == 'D')) {
    const bool is_d = text[i] == 'd' || text[i] == 'D';
    size_t j = i + 1;
    if (j < n && (text[j] == '+' || text[j] == '-')) ++j;
    if (j < n && is_digit(text[j])) {
      mantissa += 'e';
      mantissa.append(text.substr(i + 1, j - i - 1));
      i = j;
      while (i < n && is_digit(text[i])) mantissa += text[i++];
      // A degree suffix may follow an exponent: 1.5D1D
      if (i < n && (text[i] == 'd' || text[i] == 'D') &&
          !(i + 1 < n && (is_digit(text[i + 1]) || text[i + 1] == '+' || text[i + 1] == '-'))) {
        degrees = true;
        ++i;
      }
    } else if (is_d) {
      degrees = true;  // `90D`, `90D-TIME`: D not followed by [+-]digit
      ++i;
    } else {
      ok = false;  // `1.5E`, `1.5E+`, `2D-`
      i = j;
    }
  }
  // Letters glued to a number make it malformed (`3X`, `12DX`, `1.5E3.2` is two numbers).
  while (i < n && (is_word(text[i]) || text[i] == '.')) ok = false, ++i;
  t.offset = start;
  t.length = i - start;
  t.text = std::string(text.substr(start, i - start));
  if (!ok) {
    t.kind = Tok::kError;
    t.text = "malformed number '" + t.text + "'";
    return i;
  }
  double v = 0;
  auto res = std::from_chars(mantissa.data(), mantissa.data() + mantissa.size(), v);
  if (res.ec != std::errc() || !std::isfinite(v)) {
    t.kind = Tok::kError;
    t.text = "number '" + t.text + "' is out of range";
    return i;
  }
  t.kind = Tok::kNumber;
  t.number = degrees ? v * (std::numbers::pi / 180.0) : v;
  return i;
}

}  // namespace

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> out;
  size_t i = 0;
  const size_t n = text.size();
  while (true) {
    while (i < n && is_blank(text[i])) ++i;
    Token t;
    t.offset = i;
    if (i >= n) {
      t.kind = Tok::kEnd;
      out.push_back(t);
      return out;
    }
    const char c = text[i];
    if (is_digit(c) || (c == '.' && i + 1 < n && is_digit(text[i + 1]))) {
      i = scan_number(text, i, t);
    } else if (is_alpha(c)) {
      size_t j = i;
      while (j < n && is_word(text[j])) ++j;
      t.kind = Tok::kIdent;
      t.length = j - i;
      t.text = std::string(text.substr(i, j - i));
      i = j;
    } else {
      t.length = 1;
      switch (c) {
        case '+':
          t.kind = Tok::kPlus;
          break;
        case '-':
          t.kind = Tok::kMinus;
          break;
        case '/':
          t.kind = Tok::kSlash;
          break;
        case '(':
          t.kind = Tok::kLParen;
          break;
        case ')':
          t.kind = Tok::kRParen;
          break;
        case ',':
          t.kind = Tok::kComma;
          break;
        case ':':
          t.kind = Tok::kColon;
          break;
        case '*':
          if (i + 1 < n && text[i + 1] == '*') {
            t.kind = Tok::kPow;
            t.length = 2;
          } else {
            t.kind = Tok::kStar;
          }
          break;
        default: {
          t.kind = Tok::kError;
          const unsigned char uc = static_cast<unsigned char>(c);
          if (uc >= 32 && uc < 127) {
            t.text = std::string("unexpected character '") + c + "'";
          } else {
            static const char* hex = "0123456789ABCDEF";
            t.text = std::string("unexpected byte 0x") + hex[uc >> 4] + hex[uc & 15];
          }
          break;
        }
      }
      if (t.kind != Tok::kError) t.text = std::string(text.substr(i, t.length));
      i += t.length;
    }
    out.push_back(t);
    if (t.kind == Tok::kError) {
      Token end;
      end.kind = Tok::kEnd;
      end.offset = n;
      out.push_back(end);
      return out;
    }
  }
}

std::string describe(const Token& t) {
  if (t.kind == Tok::kEnd) return "end of input";
  return "'" + t.text + "'";
}

}  // namespace mb::expr
