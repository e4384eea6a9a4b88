#include "results/adams_res_reader.hpp"

#include <fmt/format.h>
#include <tinyxml2.h>

#include <algorithm>
#include <cstddef>
#include <map>
#include <optional>
#include <vector>

#include "common/error.hpp"
#include "common/text.hpp"

namespace mb::results {
namespace {

using tinyxml2::XMLElement;

[[noreturn]] void fail(const std::string& source, int line, const std::string& message) {
  throw Error(ExitCode::kDeckError, fmt::format("{}:{}: {}", source, line, message));
}

std::string attribute(const XMLElement& e, const char* name) {
  const char* v = e.Attribute(name);
  return v ? std::string(v) : std::string();
}

/// One column of the step map.
struct MapColumn {
  std::size_t id = 0;  ///< 1-based position in a Step
  std::string name;    ///< `<entity>.<component>`
  std::string unit;
};

struct StepMap {
  std::size_t time_id = 0;
  std::size_t width = 0;  ///< the largest id: values per Step
  std::vector<MapColumn> columns;
  std::vector<std::string> part_frames;  ///< entity names of part reference frames
};

StepMap read_step_map(const XMLElement& map, const std::string& source) {
  StepMap m;
  std::map<std::size_t, int> id_line;
  for (const XMLElement* ent = map.FirstChildElement("Entity"); ent;
       ent = ent->NextSiblingElement("Entity")) {
    const std::string entity = attribute(*ent, "name");
    if (iequals(attribute(*ent, "entType"), "Part") && entity.ends_with("_XFORM")) {
      m.part_frames.push_back(entity);
    }
    for (const XMLElement* comp = ent->FirstChildElement("Component"); comp;
         comp = comp->NextSiblingElement("Component")) {
      const auto id = parse_int(attribute(*comp, "id"), 1, 100000000);
      if (!id) {
        fail(source, comp->GetLineNum(),
             fmt::format("<Component> of entity '{}' needs an id from 1 (its position in a "
                         "Step), got '{}'",
                         entity, attribute(*comp, "id")));
      }
      const auto uid = static_cast<std::size_t>(*id);
      if (const auto [it, fresh] = id_line.emplace(uid, comp->GetLineNum()); !fresh) {
        fail(source, comp->GetLineNum(),
             fmt::format("<Component> id {} is used twice (first on line {})", uid, it->second));
      }
      m.width = std::max(m.width, uid);
      const std::string name = attribute(*comp, "name");
      if (iequals(name, "TIME") && (iequals(entity, "time") || m.time_id == 0)) {
        m.time_id = uid;
        continue;
      }
      if (name.empty()) continue;  // removed with CNAMES=""
      m.columns.push_back({uid, entity + "." + name, attribute(*comp, "unitsValue")});
    }
  }
  if (m.time_id == 0) {
    fail(source, map.GetLineNum(), "the <StepMap> has no TIME component");
  }
  return m;
}

/// Splits a Step's text into values; `line` is the line the text starts on.
void read_step(const XMLElement& step, const StepMap& map, const std::string& source,
               std::vector<double>& values) {
  values.clear();
  const char* text = step.GetText();
  const std::string_view body = text ? std::string_view(text) : std::string_view();
  int line = step.GetLineNum();
  std::size_t i = 0;
  while (i < body.size()) {
    const char c = body[i];
    if (c == '\n') ++line;
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++i;
      continue;
    }
    std::size_t e = i;
    while (e < body.size() && body[e] != ' ' && body[e] != '\t' && body[e] != '\n' &&
           body[e] != '\r') {
      ++e;
    }
    const std::string_view token = body.substr(i, e - i);
    const auto v = parse_real(token);
    if (!v) {
      fail(source, line,
           fmt::format("<Step type=\"{}\"> value {} is not a finite number: '{}'",
                       attribute(step, "type"), values.size() + 1, token));
    }
    values.push_back(*v);
    i = e;
  }
  if (values.size() != map.width) {
    fail(source, step.GetLineNum(),
         fmt::format("<Step type=\"{}\"> holds {} values, its <StepMap> has {} components",
                     attribute(step, "type"), values.size(), map.width));
  }
}

}  // namespace

bool looks_like_adams_res(std::string_view text) {
  std::size_t i = 0;
  if (text.starts_with("\xEF\xBB\xBF")) i = 3;
  while (i < text.size() && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r')) ++i;
  const std::string_view head = text.substr(i, 4096);
  return head.starts_with("<Results") ||
         (head.starts_with("<?xml") && head.find("<Results") != std::string_view::npos);
}

CurveTable parse_adams_res(std::string_view text, const std::string& source) {
  tinyxml2::XMLDocument doc(true, tinyxml2::PRESERVE_WHITESPACE);
  if (const auto rc = doc.Parse(text.data(), text.size()); rc != tinyxml2::XML_SUCCESS) {
    fail(source, std::max(1, doc.ErrorLineNum()),
         rc == tinyxml2::XML_ERROR_EMPTY_DOCUMENT
             ? std::string("the file is empty, not an Adams XML results file")
             : std::string("not well-formed XML here (an element not closed, a broken tag or "
                           "the file cut short), so not a readable Adams XML results file"));
  }
  const XMLElement* root = doc.RootElement();
  if (!root || std::string_view(root->Name()) != "Results") {
    fail(source, root ? root->GetLineNum() : 1,
         fmt::format("the root element is <{}>, an Adams XML results file has <Results>",
                     root ? root->Name() : ""));
  }
  const XMLElement* analysis = root->FirstChildElement("Analysis");
  if (!analysis) fail(source, root->GetLineNum(), "<Results> holds no <Analysis>");
  std::size_t analyses = 0;
  for (const XMLElement* a = analysis; a; a = a->NextSiblingElement("Analysis")) ++analyses;

  const XMLElement* map_element = analysis->FirstChildElement("StepMap");
  if (!map_element) {
    fail(source, analysis->GetLineNum(),
         fmt::format("<Analysis name=\"{}\"> has no <StepMap> (no results were saved)",
                     attribute(*analysis, "name")));
  }
  const StepMap map = read_step_map(*map_element, source);

  CurveTable table;
  table.source = source;
  table.time_name = "time";
  std::vector<std::vector<double>> columns(map.columns.size());
  std::vector<double> values;
  for (const XMLElement* data = analysis->FirstChildElement("Data"); data;
       data = data->NextSiblingElement("Data")) {
    for (const XMLElement* step = data->FirstChildElement("Step"); step;
         step = step->NextSiblingElement("Step")) {
      if (iequals(attribute(*step, "type"), "input")) continue;
      read_step(*step, map, source, values);
      const double t = values[map.time_id - 1];
      if (!table.time.empty() && t < table.time.back()) {
        fail(source, step->GetLineNum(),
             fmt::format("time decreases ({} after {})", t, table.time.back()));
      }
      table.time.push_back(t);
      for (std::size_t c = 0; c < map.columns.size(); ++c) {
        columns[c].push_back(values[map.columns[c].id - 1]);
      }
    }
  }
  if (table.time.empty()) {
    fail(source, analysis->GetLineNum(),
         fmt::format("<Analysis name=\"{}\"> has no result <Step> (only model input)",
                     attribute(*analysis, "name")));
  }
  for (std::size_t c = 0; c < map.columns.size(); ++c) {
    table.add_channel(map.columns[c].name, std::move(columns[c]), map.columns[c].unit);
  }
  table.comments.push_back(
      fmt::format("Adams XML results file, analysis '{}'", attribute(*analysis, "name")));
  if (analyses > 1) {
    table.notes.push_back(fmt::format("{} holds {} analyses; only the first, '{}', is read", source,
                                      analyses, attribute(*analysis, "name")));
  }
  if (!map.part_frames.empty()) {
    std::string list;
    for (std::size_t k = 0; k < map.part_frames.size() && k < 6; ++k) {
      list += (k ? ", " : "") + map.part_frames[k];
    }
    if (map.part_frames.size() > 6) list += ", ...";
    table.notes.push_back(fmt::format(
        "{}: the {} part entities *_XFORM ({}) are each part's reference frame (the frame of "
        "PART QG/REULER), not its centre of mass",
        source, map.part_frames.size(), list));
  }
  return table;
}

}  // namespace mb::results
