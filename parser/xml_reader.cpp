#include "parser/xml_reader.hpp"

#include <tinyxml2.h>

#include <cctype>
#include <string_view>

#include "common/text.hpp"
#include "parser/read_file.hpp"

namespace mb {

namespace {

/// Maps byte offsets of the raw file to line:col and finds start tags and their attributes in
/// document order. tinyxml2 parses; this scanner only supplies the positions it does not keep.
class PositionScanner {
 public:
  PositionScanner(const std::string& text, const std::string* file) : text_(text), file_(file) {
    line_starts_.push_back(0);
    for (size_t i = 0; i < text.size(); ++i) {
      if (text[i] == '\n') line_starts_.push_back(i + 1);
    }
  }

  SourceLoc loc(size_t offset) const {
    size_t lo = 0, hi = line_starts_.size();
    while (hi - lo > 1) {
      const size_t mid = (lo + hi) / 2;
      (line_starts_[mid] <= offset ? lo : hi) = mid;
    }
    return {file_, static_cast<int>(lo + 1), static_cast<int>(offset - line_starts_[lo] + 1)};
  }

  /// Advances to the next start tag named `name` (skipping comments, declarations, CDATA and
  /// end tags) and returns the offset of its '<', or npos.
  size_t next_start_tag(std::string_view name) {
    while (pos_ < text_.size()) {
      const size_t lt = text_.find('<', pos_);
      if (lt == std::string::npos) break;
      std::string_view rest(text_.data() + lt, text_.size() - lt);
      if (rest.starts_with("<!--")) {
        pos_ = skip_past(lt, "-->");
      } else if (rest.starts_with("<![CDATA[")) {
        pos_ = skip_past(lt, "]]>");
      } else if (rest.starts_with("<?")) {
        pos_ = skip_past(lt, "?>");
      } else if (rest.starts_with("<!") || rest.starts_with("</")) {
        pos_ = skip_past(lt, ">");
      } else if (rest.substr(1).starts_with(name) && lt + 1 + name.size() < text_.size() &&
                 is_name_end(text_[lt + 1 + name.size()])) {
        pos_ = lt + 1 + name.size();
        return lt;
      } else {
        pos_ = lt + 1;
      }
    }
    return std::string::npos;
  }

  struct RawAttribute {
    size_t name_offset = 0;
    size_t value_offset = 0;
    std::vector<unsigned> line_breaks;
  };

  /// Reads the attributes of the start tag the scanner stands in (just after its name).
  std::vector<RawAttribute> attributes() {
    std::vector<RawAttribute> out;
    while (pos_ < text_.size()) {
      while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
      if (pos_ >= text_.size() || text_[pos_] == '>' || text_[pos_] == '/') break;
      RawAttribute a;
      a.name_offset = pos_;
      while (pos_ < text_.size() && text_[pos_] != '=' && text_[pos_] != '>' &&
             !std::isspace(static_cast<unsigned char>(text_[pos_])))
        ++pos_;
      while (pos_ < text_.size() && text_[pos_] != '"' && text_[pos_] != '\'' && text_[pos_] != '>')
        ++pos_;
      if (pos_ >= text_.size() || text_[pos_] == '>') break;
      const char quote = text_[pos_++];
      a.value_offset = pos_;
      while (pos_ < text_.size() && text_[pos_] != quote) {
        if (text_[pos_] == '\n') a.line_breaks.push_back(static_cast<unsigned>(pos_ + 1));
        ++pos_;
      }
      for (auto& b : a.line_breaks) b -= static_cast<unsigned>(a.value_offset);
      ++pos_;
      out.push_back(std::move(a));
    }
    return out;
  }

 private:
  static bool is_name_end(char c) {
    return std::isspace(static_cast<unsigned char>(c)) || c == '/' || c == '>';
  }
  size_t skip_past(size_t from, std::string_view end) const {
    const size_t e = text_.find(end, from);
    return e == std::string::npos ? text_.size() : e + end.size();
  }

  const std::string& text_;
  const std::string* file_;
  std::vector<size_t> line_starts_;
  size_t pos_ = 0;
};

std::string fold_blanks(const char* s) {
  std::string out = s ? s : "";
  for (auto& c : out) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  return out;
}

/// Element text with `!` comment lines dropped.
std::string strip_comment_lines(const char* text) {
  std::string out;
  std::string_view rest = text ? text : "";
  while (!rest.empty()) {
    const size_t nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    if (!trim(line).starts_with('!')) {
      out.append(line);
      out += '\n';
    }
    if (nl == std::string_view::npos) break;
    rest.remove_prefix(nl + 1);
  }
  return out;
}

DeckNode convert(const tinyxml2::XMLElement& e, PositionScanner& scan, const std::string* file) {
  DeckNode node;
  node.spelled = e.Name();
  node.tag = to_lower(node.spelled);
  const size_t lt = scan.next_start_tag(node.spelled);
  node.loc = lt == std::string::npos ? SourceLoc{file, e.GetLineNum(), 0} : scan.loc(lt);
  auto raw = scan.attributes();
  size_t k = 0;
  for (const auto* a = e.FirstAttribute(); a; a = a->Next(), ++k) {
    DeckAttribute attr;
    attr.spelled = a->Name();
    attr.name = to_lower(attr.spelled);
    attr.value = fold_blanks(a->Value());
    if (k < raw.size()) {
      attr.loc = scan.loc(raw[k].name_offset);
      attr.value_loc = scan.loc(raw[k].value_offset);
      attr.line_breaks = std::move(raw[k].line_breaks);
    } else {
      attr.loc = attr.value_loc = node.loc;
    }
    node.attributes.push_back(std::move(attr));
  }
  if (const char* t = e.GetText()) {
    node.text = strip_comment_lines(t);
    node.text_loc = node.loc;
  }
  for (const auto* c = e.FirstChildElement(); c; c = c->NextSiblingElement()) {
    node.children.push_back(convert(*c, scan, file));
  }
  return node;
}

/// The element tinyxml2 names in its error text ("... XMLElement name=Body_Rigid"), or "".
std::string element_in_error(const tinyxml2::XMLDocument& doc) {
  const std::string_view str = doc.ErrorStr() ? doc.ErrorStr() : "";
  const size_t k = str.find("name=");
  if (k == std::string_view::npos) return "";
  std::string_view name = str.substr(k + 5);
  name = name.substr(0, name.find_first_of(" \t\n"));
  return std::string(name);
}

/// The name of the first start tag (the root element), or "".
std::string first_element_name(const std::string& text) {
  for (size_t lt = text.find('<'); lt != std::string::npos; lt = text.find('<', lt + 1)) {
    if (lt + 1 < text.size() && (text[lt + 1] == '?' || text[lt + 1] == '!')) continue;
    size_t e = lt + 1;
    while (e < text.size() && !std::isspace(static_cast<unsigned char>(text[e])) &&
           text[e] != '>' && text[e] != '/')
      ++e;
    return text.substr(lt + 1, e - lt - 1);
  }
  return "";
}

/// Where on line `line` (1-based) the error is: the start tag of `element` on it, else the first
/// character that is not blank.
size_t error_offset(const std::string& text, int line, const std::string& element) {
  size_t begin = 0;
  for (int l = 1; l < line && begin != std::string::npos; ++l) {
    begin = text.find('\n', begin);
    if (begin != std::string::npos) ++begin;
  }
  if (begin == std::string::npos || begin >= text.size()) return text.empty() ? 0 : text.size() - 1;
  const size_t end = std::min(text.find('\n', begin), text.size());
  if (!element.empty()) {
    const size_t tag = text.find("<" + element, begin);
    if (tag < end) return tag;
  }
  size_t k = begin;
  while (k < end && std::isspace(static_cast<unsigned char>(text[k]))) ++k;
  return k < end ? k : begin;
}

/// A sentence for a tinyxml2 error: what is wrong and what to do (never the raw error name).
std::string describe_xml_error(tinyxml2::XMLError id, const std::string& element,
                               const std::string& root) {
  const std::string tag = element.empty() ? "this element" : "<" + element + ">";
  switch (id) {
    case tinyxml2::XML_ERROR_EMPTY_DOCUMENT:
      return "the file holds no XML element";
    case tinyxml2::XML_ELEMENT_DEPTH_EXCEEDED:
      return "elements nested deeper than " + std::to_string(TINYXML2_MAX_ELEMENT_DEPTH);
    case tinyxml2::XML_ERROR_MISMATCHED_ELEMENT:
      return tag + " is not closed: its end tag" + (element.empty() ? "" : " </" + element + ">") +
             " is missing or misspelled (an element without content ends with '/>')";
    case tinyxml2::XML_ERROR_PARSING_ELEMENT:
      return "cannot read this element: a tag is not closed with '>' or the file is truncated";
    case tinyxml2::XML_ERROR_PARSING_ATTRIBUTE:
      return "cannot read an attribute of " + tag +
             ": each attribute is name=\"value\" with the value in quotes, and a name may "
             "appear once";
    case tinyxml2::XML_ERROR_PARSING_TEXT:
      return "cannot read the text here: a stray '<' or '&' (write &lt; and &amp;)";
    case tinyxml2::XML_ERROR_PARSING_COMMENT:
      return "a comment '<!--' is not closed with '-->'";
    case tinyxml2::XML_ERROR_PARSING_CDATA:
      return "a CDATA section '<![CDATA[' is not closed with ']]>'";
    case tinyxml2::XML_ERROR_PARSING_DECLARATION:
      return "cannot read the XML declaration: it must read <?xml version=\"1.0\"?>";
    case tinyxml2::XML_ERROR_PARSING_UNKNOWN:
      return "cannot read this markup: '<!' starts a comment <!-- --> or a declaration";
    case tinyxml2::XML_ERROR_PARSING:
      return root.empty() ? "the file ends inside an element"
                          : "<" + root + "> is not closed: the file ends before its end tag </" +
                                root + "> (is the file truncated?)";
    default:
      return "cannot read the XML here";
  }
}

}  // namespace

Deck read_xml_deck_text(const std::string& text, const std::string& path, Diagnostics& diag) {
  Deck deck;
  deck.path = path;
  deck.motionsolve_xml = true;
  const std::string* file = intern_path(path);

  // Anything that does not start with '<' (after a byte-order mark and blanks) is not XML at
  // all: say so at the first character, rather than let the XML parser guess at it.
  size_t first = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  while (first < text.size() && std::isspace(static_cast<unsigned char>(text[first]))) ++first;
  if (first < text.size() && text[first] != '<') {
    diag.error(PositionScanner(text, file).loc(first), "",
               "not an XML deck: the file must start with '<' (an XML declaration or the root "
               "element)");
    return deck;
  }
  tinyxml2::XMLDocument doc(true, tinyxml2::PRESERVE_WHITESPACE);
  if (doc.Parse(text.data(), text.size()) != tinyxml2::XML_SUCCESS) {
    const std::string element = element_in_error(doc);
    const std::string root = first_element_name(text);
    const int line = doc.ErrorID() == tinyxml2::XML_ERROR_PARSING || doc.ErrorLineNum() <= 0
                         ? 0
                         : doc.ErrorLineNum();
    // The unclosed root: at its start tag.
    const size_t at = line > 0 ? error_offset(text, line, element) : text.find("<" + root);
    diag.error(PositionScanner(text, file).loc(at == std::string::npos ? 0 : at), "",
               "malformed XML: " + describe_xml_error(doc.ErrorID(), element, root));
    return deck;
  }
  const tinyxml2::XMLElement* root = doc.RootElement();
  if (!root) {
    diag.error({file, 1, 0}, "", "malformed XML: the file holds no XML element");
    return deck;
  }

  PositionScanner scan(text, file);
  DeckNode top = convert(*root, scan, file);
  if (const tinyxml2::XMLElement* second = root->NextSiblingElement()) {
    const DeckNode extra = convert(*second, scan, file);
    diag.error(extra.loc, "",
               "a second root element <" + extra.spelled +
                   ">: an XML deck has one root element (<" + top.spelled + "> here); move <" +
                   extra.spelled + "> inside it");
  }
  deck.root_tag = top.tag;
  if (top.tag == "model") {
    deck.model = std::move(top.children);
    return deck;
  }
  for (auto& child : top.children) {
    if (child.tag == "model") {
      for (auto& m : child.children) deck.model.push_back(std::move(m));
    } else if (child.tag == "command") {
      for (auto& c : child.children) deck.commands.push_back(std::move(c));
    } else if (is_command_only_element(child.tag)) {
      deck.commands.push_back(std::move(child));
    } else {
      deck.model.push_back(std::move(child));
    }
  }
  return deck;
}

Deck read_xml_deck_file(const std::string& path, Diagnostics& diag) {
  return read_xml_deck_text(read_text_file(path), path, diag);
}

}  // namespace mb
