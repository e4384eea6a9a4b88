#include "parser/deck_writer.hpp"

#include "common/text.hpp"

namespace mb {

namespace {

/// One element, indented by `depth` levels. Element text is written verbatim right after the
/// start tag (no added whitespace, so it reads back unchanged), then the children.
void write_node(std::string& out, const DeckNode& node, int depth) {
  const std::string indent(static_cast<size_t>(2 * depth), ' ');
  out += indent;
  out += '<';
  out += node.spelled;
  for (const auto& a : node.attributes) {
    out += ' ';
    out += a.spelled;
    out += "=\"";
    out += xml_escape(a.value);
    out += '"';
  }
  if (node.text.empty() && node.children.empty()) {
    out += "/>\n";
    return;
  }
  out += '>';
  out += xml_escape(node.text);
  for (const auto& c : node.children) {
    std::string child;
    write_node(child, c, 0);
    out += child.substr(0, child.size() - 1);  // no whitespace between text and children
  }
  out += "</";
  out += node.spelled;
  out += ">\n";
}

void write_block(std::string& out, const char* tag, const std::vector<DeckNode>& nodes) {
  out += "  <";
  out += tag;
  if (nodes.empty()) {
    out += "/>\n";
    return;
  }
  out += ">\n";
  for (const auto& n : nodes) write_node(out, n, 2);
  out += "  </";
  out += tag;
  out += ">\n";
}

}  // namespace

std::string write_xml_deck(const Deck& deck) {
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<MotionSolve>\n";
  write_block(out, "Model", deck.model);
  write_block(out, "Command", deck.commands);
  out += "</MotionSolve>\n";
  return out;
}

}  // namespace mb
