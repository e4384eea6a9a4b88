#pragma once
// Lexer for the expression language (docs/motionsolve-format.md section 5.1).
//
//   number  := digits ['.' digits] | '.' digits, then an optional exponent [eEdD][+-]?digits,
//              then an optional degree suffix D/d (not followed by a digit or sign): value*pi/180.
//   ident   := letter { letter | digit | '_' }        (case-insensitive)
//   symbols := + - * / ** ( ) , :
// Blanks, tabs and newlines separate tokens. A number directly followed by a letter, digit, '_'
// or '.' (other than the exponent and degree suffix) is a malformed number (`3X`, `1.2.3`).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace mb::expr {

enum class Tok {
  kNumber,
  kIdent,
  kPlus,
  kMinus,
  kStar,
  kSlash,
  kPow,
  kLParen,
  kRParen,
  kComma,
  kColon,
  kEnd,
  kError
};

struct Token {
  Tok kind = Tok::kEnd;
  size_t offset = 0;  ///< into the expression text
  size_t length = 0;
  double number = 0;  ///< kNumber: the value (degrees already converted to radians)
  std::string text;   ///< kError: the message; otherwise the spelling
};

/// Splits `text` into tokens ending with one kEnd token. On a lexical error the last token
/// before kEnd is a kError token carrying the message, and lexing stops there.
std::vector<Token> tokenize(std::string_view text);

/// Human-readable description of a token for messages: "'+'", "'BISTP'", "end of input".
std::string describe(const Token& t);

}  // namespace mb::expr
