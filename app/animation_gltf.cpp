#include "app/animation_gltf.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <nlohmann/json.hpp>
#include <vector>

#include "common/error.hpp"
#include "common/text.hpp"
#include "models/param_unit.hpp"
#include "results/atomic_file.hpp"
#include "results/csv_result_writer.hpp"
#include "results/curve_reader.hpp"

namespace mb {
namespace {

using nlohmann::json;

/// The CSV columns of one body.
struct BodyColumns {
  std::string name;                         ///< "body2"
  std::array<size_t, 3> pos{};              ///< x, y, z
  std::optional<std::array<size_t, 4>> ep;  ///< e0..e3 (rigid bodies)
};

std::vector<BodyColumns> body_columns(const results::CurveTable& t) {
  std::vector<BodyColumns> out;
  for (size_t c = 0; c < t.channels(); ++c) {
    const std::string& n = t.names[c];
    if (n.rfind("body", 0) != 0 || n.size() < 3 || n.substr(n.size() - 2) != ".x") continue;
    BodyColumns b;
    b.name = n.substr(0, n.size() - 2);
    const auto y = t.find(b.name + ".y"), z = t.find(b.name + ".z");
    if (!y || !z) continue;
    b.pos = {c, *y, *z};
    const auto e0 = t.find(b.name + ".e0"), e1 = t.find(b.name + ".e1"),
               e2 = t.find(b.name + ".e2"), e3 = t.find(b.name + ".e3");
    if (e0 && e1 && e2 && e3) b.ep = std::array<size_t, 4>{*e0, *e1, *e2, *e3};
    out.push_back(b);
  }
  return out;
}

/// The unit of column c (-1: the time column) from the CSV's `# column units:` comment ("" if
/// none).
std::string column_unit(const results::CurveTable& t, long column) {
  for (const auto& c : t.comments) {
    const auto units = parse_column_units(c);
    // (*units)[0] is the time column's.
    const auto k = static_cast<size_t>(column + 1);
    if (units) return k < units->size() ? (*units)[k] : "";
  }
  return "";
}

/// The factor from the unit of column c (-1: time) of `quantity` to SI (1 when unknown).
double to_si(const results::CurveTable& t, long column, const char* quantity) {
  const double si = unit_in_si(quantity, to_lower(column_unit(t, column)));
  return si > 0 ? si : 1.0;
}

/// A growing binary buffer with its glTF buffer views and accessors.
class BufferBuilder {
 public:
  explicit BufferBuilder(json& doc) : doc_(doc) {}

  /// A float accessor of `count` elements of `type` (SCALAR, VEC3, VEC4); min/max when asked.
  int floats(const std::vector<float>& v, const char* type, size_t width, bool bounds) {
    json acc = {{"bufferView", view(v.data(), v.size() * sizeof(float), 0)},
                {"componentType", 5126},
                {"count", v.size() / width},
                {"type", type}};
    if (bounds) {
      std::vector<float> lo(width, std::numeric_limits<float>::max()), hi(width, -lo[0]);
      for (size_t i = 0; i < v.size(); ++i) {
        lo[i % width] = std::min(lo[i % width], v[i]);
        hi[i % width] = std::max(hi[i % width], v[i]);
      }
      acc["min"] = lo;
      acc["max"] = hi;
    }
    doc_["accessors"].push_back(acc);
    return static_cast<int>(doc_["accessors"].size()) - 1;
  }

  int indices(const std::vector<std::uint32_t>& v) {
    doc_["accessors"].push_back({{"bufferView", view(v.data(), v.size() * 4, 34963)},
                                 {"componentType", 5125},
                                 {"count", v.size()},
                                 {"type", "SCALAR"}});
    return static_cast<int>(doc_["accessors"].size()) - 1;
  }

  const std::vector<unsigned char>& bytes() const { return bytes_; }

 private:
  int view(const void* data, size_t n, int target) {
    while (bytes_.size() % 4) bytes_.push_back(0);
    json v = {{"buffer", 0}, {"byteOffset", bytes_.size()}, {"byteLength", n}};
    if (target) v["target"] = target;
    const auto* p = static_cast<const unsigned char*>(data);
    bytes_.insert(bytes_.end(), p, p + n);
    doc_["bufferViews"].push_back(v);
    return static_cast<int>(doc_["bufferViews"].size()) - 1;
  }

  json& doc_;
  std::vector<unsigned char> bytes_;
};

std::string base64(const std::vector<unsigned char>& in) {
  static const char* const kChars =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((in.size() + 2) / 3 * 4);
  for (size_t i = 0; i < in.size(); i += 3) {
    const unsigned n = (in[i] << 16) | (i + 1 < in.size() ? in[i + 1] << 8 : 0) |
                       (i + 2 < in.size() ? in[i + 2] : 0);
    out += kChars[(n >> 18) & 63];
    out += kChars[(n >> 12) & 63];
    out += i + 1 < in.size() ? kChars[(n >> 6) & 63] : '=';
    out += i + 2 < in.size() ? kChars[n & 63] : '=';
  }
  return out;
}

/// A box [lo, hi] as a glTF primitive (24 vertices with face normals, 36 indices).
json box_primitive(BufferBuilder& buf, const std::array<float, 3>& lo,
                   const std::array<float, 3>& hi, int material) {
  std::vector<float> pos, nrm;
  std::vector<std::uint32_t> idx;
  for (int axis = 0; axis < 3; ++axis) {
    for (int side = 0; side < 2; ++side) {
      const int u = (axis + 1) % 3, v = (axis + 2) % 3;
      const auto base = static_cast<std::uint32_t>(pos.size() / 3);
      for (int corner = 0; corner < 4; ++corner) {
        std::array<float, 3> p{};
        p[axis] = side ? hi[axis] : lo[axis];
        p[u] = (corner == 1 || corner == 2) ? hi[u] : lo[u];
        p[v] = (corner >= 2) ? hi[v] : lo[v];
        pos.insert(pos.end(), p.begin(), p.end());
        std::array<float, 3> n{};
        n[axis] = side ? 1.0f : -1.0f;
        nrm.insert(nrm.end(), n.begin(), n.end());
      }
      // Counter-clockwise seen from outside: (u, v) is right-handed with the +axis normal.
      const std::array<int, 6> ccw =
          side ? std::array<int, 6>{0, 1, 2, 0, 2, 3} : std::array<int, 6>{0, 2, 1, 0, 3, 2};
      for (int k : ccw) idx.push_back(base + static_cast<std::uint32_t>(k));
    }
  }
  return {{"attributes",
           {{"POSITION", buf.floats(pos, "VEC3", 3, true)},
            {"NORMAL", buf.floats(nrm, "VEC3", 3, false)}}},
          {"indices", buf.indices(idx)},
          {"material", material}};
}

/// A graphic's triangles (model length units) as a glTF primitive in metres.
json mesh_primitive(BufferBuilder& buf, const TriangleMesh& mesh, double to_metre, int material) {
  std::vector<float> pos(mesh.positions);
  for (float& x : pos) x = static_cast<float>(x * to_metre);
  return {{"attributes",
           {{"POSITION", buf.floats(pos, "VEC3", 3, true)},
            {"NORMAL", buf.floats(mesh.normals, "VEC3", 3, false)}}},
          {"indices", buf.indices(mesh.indices)},
          {"material", material}};
}

json material(const std::string& name, float r, float g, float b) {
  return {{"name", name},
          {"pbrMetallicRoughness",
           {{"baseColorFactor", {r, g, b, 1.0f}},
            {"metallicFactor", 0.0f},
            {"roughnessFactor", 0.8f}}}};
}

/// The glyph size: a fifth of the largest extent one body sweeps, but at least a twentieth of
/// the box holding every body at every time (0.1 m when everything stands at one point).
double glyph_size(const results::CurveTable& t, const std::vector<BodyColumns>& bodies,
                  double to_metre) {
  double sweep = 0, scene = 0;
  for (size_t k = 0; k < 3; ++k) {
    double lo = std::numeric_limits<double>::max(), hi = -lo;
    for (const auto& b : bodies) {
      const auto& col = t.columns[b.pos[k]];
      const auto [l, h] = std::minmax_element(col.begin(), col.end());
      sweep = std::max(sweep, (*h - *l) * to_metre);
      lo = std::min(lo, *l * to_metre);
      hi = std::max(hi, *h * to_metre);
    }
    if (!bodies.empty()) scene = std::max(scene, hi - lo);
  }
  const double s = std::max(0.2 * sweep, 0.05 * scene);
  return s > 0 ? s : 0.1;
}

/// The quaternion (x, y, z, w) turning +z onto the unit vector u.
std::array<float, 4> z_onto(const Vec3& u) {
  const Vec3 z = Vec3::UnitZ();
  const double c = z.dot(u);
  if (c < -1 + 1e-12) return {1.0f, 0.0f, 0.0f, 0.0f};  // half a turn about x
  const Vec3 a = z.cross(u);
  const double norm = std::sqrt(2 * (1 + c));
  return {static_cast<float>(a(0) / norm), static_cast<float>(a(1) / norm),
          static_cast<float>(a(2) / norm), static_cast<float>(norm / 2)};
}

/// One node per contact track (see animation_gltf.hpp): an arrow of width `width` (metres)
/// animated over the rows; `glyph` (metres) the length of the largest force. Returns the number
/// written.
int add_contact_arrows(json& doc, BufferBuilder& buf, json& anim, int time_acc,
                       const std::vector<ContactArrowTrack>& contacts, size_t rows, double to_metre,
                       double glyph, double width) {
  double largest = 0;
  for (const auto& c : contacts) {
    if (c.force.size() != rows) continue;
    for (const Vec3& f : c.force) largest = std::max(largest, f.norm());
  }
  const double force_to_length = largest > 0 ? glyph / largest : 0.0;
  doc["materials"].push_back(material("contact force", 0.9f, 0.05f, 0.05f));
  const int red = static_cast<int>(doc["materials"].size()) - 1;
  // Along +z, its tip at the origin: the arrow ends at the point, outside the I body.
  const json shaft = box_primitive(buf, {-0.5f, -0.5f, -1.0f}, {0.5f, 0.5f, -0.25f}, red);
  const json head = box_primitive(buf, {-1.5f, -1.5f, -0.25f}, {1.5f, 1.5f, 0.0f}, red);
  doc["meshes"].push_back({{"name", "contact force arrow"}, {"primitives", {shaft, head}}});
  const int mesh = static_cast<int>(doc["meshes"].size()) - 1;
  int written = 0;
  for (const auto& c : contacts) {
    if (c.force.size() != rows || rows == 0) continue;
    // A hidden arrow stays at the last point shown (the first, before it is shown), so that it
    // does not fly in from the origin between two frames.
    Vec3 at = Vec3::Zero();
    for (size_t i = 0; i < rows; ++i) {
      if (c.touching[i]) {
        at = c.point[i];
        break;
      }
    }
    std::vector<float> tr, rot, scale;
    for (size_t i = 0; i < rows; ++i) {
      const double f = c.force[i].norm();
      const bool shown = c.touching[i] && f > 0;
      if (shown) at = c.point[i];
      for (int a = 0; a < 3; ++a) tr.push_back(static_cast<float>(at(a) * to_metre));
      const std::array<float, 4> q =
          shown ? z_onto(c.force[i] / f) : std::array<float, 4>{0.0f, 0.0f, 0.0f, 1.0f};
      rot.insert(rot.end(), q.begin(), q.end());
      const auto w = static_cast<float>(shown ? width : 0.0);
      scale.insert(scale.end(), {w, w, static_cast<float>(shown ? f * force_to_length : 0.0)});
    }
    const int node = static_cast<int>(doc["nodes"].size());
    doc["nodes"].push_back(
        {{"name", fmt::format("contact{}", c.id)},
         {"mesh", mesh},
         {"translation", {tr[0], tr[1], tr[2]}},
         {"rotation", {rot[0], rot[1], rot[2], rot[3]}},
         {"scale", {scale[0], scale[1], scale[2]}},
         {"extras", {{"contact", c.subject}, {"force_to_length", force_to_length}}}});
    doc["scenes"][0]["nodes"].push_back(node);
    const int tr_acc = buf.floats(tr, "VEC3", 3, false);
    const int rot_acc = buf.floats(rot, "VEC4", 4, false);
    const int scale_acc = buf.floats(scale, "VEC3", 3, false);
    for (const auto& [acc, target] :
         {std::pair{tr_acc, "translation"}, {rot_acc, "rotation"}, {scale_acc, "scale"}}) {
      anim["samplers"].push_back(
          {{"input", time_acc}, {"output", acc}, {"interpolation", "LINEAR"}});
      anim["channels"].push_back({{"sampler", anim["samplers"].size() - 1},
                                  {"target", {{"node", node}, {"path", target}}}});
    }
    ++written;
  }
  return written;
}

/// The ground's graphics (if any): a still node in grey.
void add_ground_graphics(json& doc, BufferBuilder& buf, const std::vector<TriangleMesh>& meshes,
                         double to_metre) {
  if (meshes.empty()) return;
  doc["materials"].push_back(material("ground", 0.6f, 0.6f, 0.6f));
  json prims = json::array();
  for (const TriangleMesh& m : meshes) {
    prims.push_back(
        mesh_primitive(buf, m, to_metre, static_cast<int>(doc["materials"].size()) - 1));
  }
  doc["meshes"].push_back({{"name", "ground graphics"}, {"primitives", prims}});
  doc["nodes"].push_back(
      {{"name", "ground"}, {"mesh", static_cast<int>(doc["meshes"].size()) - 1}});
  doc["scenes"][0]["nodes"].push_back(static_cast<int>(doc["nodes"].size()) - 1);
}

}  // namespace

AnimationResult write_animation_gltf(
    const std::string& path, const std::string& csv_path,
    const std::map<std::string, std::vector<TriangleMesh>>& geometry,
    const std::vector<ContactArrowTrack>& contacts) {
  const results::CurveTable t = results::read_curves(csv_path);
  const std::vector<BodyColumns> bodies = body_columns(t);
  AnimationResult res;
  res.bodies = static_cast<int>(bodies.size());
  res.frames = t.rows();
  if (!bodies.empty()) res.to_metre = to_si(t, static_cast<long>(bodies[0].pos[0]), "length");
  const double to_second = to_si(t, -1, "time");

  json doc = {{"asset",
               {{"version", "2.0"},
                {"generator", "mbsolve"},
                {"extras",
                 {{"source", csv_path},
                  {"length_to_metre", res.to_metre},
                  {"time_to_second", to_second}}}}},
              {"scene", 0},
              {"scenes", {{{"name", "mbsolve"}, {"nodes", json::array()}}}},
              {"nodes", json::array()},
              {"meshes", json::array()},
              {"materials", json::array()},
              {"accessors", json::array()},
              {"bufferViews", json::array()},
              {"animations", json::array()}};
  BufferBuilder buf(doc);

  // The glyph: shared arms (materials 0..2), one cube per body colour (materials 3..).
  const auto s = static_cast<float>(glyph_size(t, bodies, res.to_metre));
  const float h = 0.12f * s, w = 0.03f * s;
  doc["materials"].push_back(material("x axis", 0.85f, 0.1f, 0.1f));
  doc["materials"].push_back(material("y axis", 0.1f, 0.7f, 0.1f));
  doc["materials"].push_back(material("z axis", 0.1f, 0.2f, 0.9f));
  json arms = json::array();
  for (int a = 0; a < 3; ++a) {
    std::array<float, 3> lo{-w, -w, -w}, hi{w, w, w};
    lo[a] = h;
    hi[a] = s;
    arms.push_back(box_primitive(buf, lo, hi, a));
  }
  const std::array<float, 3> cube_lo{-h, -h, -h}, cube_hi{h, h, h};

  std::vector<float> times;
  for (double x : t.time) times.push_back(static_cast<float>(x * to_second));
  const int time_acc = buf.floats(times, "SCALAR", 1, true);
  json anim = {{"name", "mbsolve"}, {"channels", json::array()}, {"samplers", json::array()}};
  for (size_t k = 0; k < bodies.size(); ++k) {
    const BodyColumns& b = bodies[k];
    const auto& c = kBodyColours[k % 6];
    doc["materials"].push_back(material(b.name, c[0], c[1], c[2]));
    const int colour = static_cast<int>(doc["materials"].size()) - 1;
    const auto drawn = geometry.find(b.name);
    if (drawn != geometry.end() && !drawn->second.empty()) {
      json prims = json::array();
      for (const TriangleMesh& m : drawn->second) {
        prims.push_back(mesh_primitive(buf, m, res.to_metre, colour));
      }
      doc["meshes"].push_back({{"name", b.name + " graphics"}, {"primitives", prims}});
      ++res.drawn;
    } else {
      json prims = arms;
      prims.push_back(box_primitive(buf, cube_lo, cube_hi, colour));
      doc["meshes"].push_back({{"name", b.name + " frame"}, {"primitives", prims}});
    }
    std::vector<float> tr, rot;
    for (size_t i = 0; i < t.rows(); ++i) {
      for (size_t a = 0; a < 3; ++a) {
        tr.push_back(static_cast<float>(t.columns[b.pos[a]][i] * res.to_metre));
      }
      if (b.ep) {
        const auto& e = *b.ep;
        for (size_t q : {e[1], e[2], e[3], e[0]})
          rot.push_back(static_cast<float>(t.columns[q][i]));
      } else {
        rot.insert(rot.end(), {0.0f, 0.0f, 0.0f, 1.0f});
      }
    }
    const int node = static_cast<int>(doc["nodes"].size());
    doc["nodes"].push_back({{"name", b.name},
                            {"mesh", static_cast<int>(doc["meshes"].size()) - 1},
                            {"translation", {tr[0], tr[1], tr[2]}},
                            {"rotation", {rot[0], rot[1], rot[2], rot[3]}}});
    doc["scenes"][0]["nodes"].push_back(node);
    const int tr_acc = buf.floats(tr, "VEC3", 3, false);
    const int rot_acc = buf.floats(rot, "VEC4", 4, false);
    for (const auto& [acc, target] : {std::pair{tr_acc, "translation"}, {rot_acc, "rotation"}}) {
      anim["samplers"].push_back(
          {{"input", time_acc}, {"output", acc}, {"interpolation", "LINEAR"}});
      anim["channels"].push_back({{"sampler", anim["samplers"].size() - 1},
                                  {"target", {{"node", node}, {"path", target}}}});
    }
  }
  if (!contacts.empty()) {
    res.contacts =
        add_contact_arrows(doc, buf, anim, time_acc, contacts, t.rows(), res.to_metre, s, 0.2 * h);
  }
  if (!bodies.empty() && t.rows() > 0) doc["animations"].push_back(anim);
  const auto ground = geometry.find("ground");
  if (ground != geometry.end()) add_ground_graphics(doc, buf, ground->second, res.to_metre);
  doc["buffers"] = {{{"byteLength", buf.bytes().size()},
                     {"uri", "data:application/octet-stream;base64," + base64(buf.bytes())}}};
  // glTF allows no empty top-level arrays (minItems 1).
  for (const char* key : {"animations", "meshes", "nodes"}) {
    if (doc[key].empty()) doc.erase(key);
  }
  if (doc["scenes"][0]["nodes"].empty()) doc["scenes"][0].erase("nodes");
  write_file_atomically(path, doc.dump() + "\n");
  return res;
}

}  // namespace mb
