#include "models/contact_mesh.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "common/text.hpp"

namespace mb {

namespace {

std::string extension(const std::string& path) {
  const size_t dot = path.find_last_of('.');
  const size_t slash = path.find_last_of("/\\");
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  std::string e = path.substr(dot + 1);
  for (char& c : e) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return e;
}

/// Adds the vertex x, sharing an identical earlier one (STL repeats a vertex per facet).
int vertex_index(ContactMesh& mesh, std::map<std::array<double, 3>, int>& seen, const Vec3& x) {
  const std::array<double, 3> key{x(0), x(1), x(2)};
  auto [it, inserted] = seen.emplace(key, static_cast<int>(mesh.vertices.size()));
  if (inserted) mesh.vertices.push_back(x);
  return it->second;
}

bool read_binary_stl(const std::string& bytes, ContactMesh& mesh, std::string& error) {
  uint32_t n = 0;
  std::memcpy(&n, bytes.data() + 80, 4);
  if (bytes.size() != 84 + 50 * static_cast<size_t>(n)) {
    error = fmt::format("a binary STL file of {} triangles has {} bytes, not {}", n, bytes.size(),
                        84 + 50 * static_cast<size_t>(n));
    return false;
  }
  std::map<std::array<double, 3>, int> seen;
  for (uint32_t t = 0; t < n; ++t) {
    const char* facet = bytes.data() + 84 + 50 * static_cast<size_t>(t);
    std::array<int, 3> tri{};
    for (int v = 0; v < 3; ++v) {
      float xyz[3];
      std::memcpy(xyz, facet + 12 + 12 * v, 12);
      tri[static_cast<size_t>(v)] = vertex_index(mesh, seen, Vec3(xyz[0], xyz[1], xyz[2]));
    }
    mesh.triangles.push_back(tri);
  }
  return true;
}

bool read_ascii_stl(const std::string& text, ContactMesh& mesh, std::string& error) {
  std::istringstream in(text);
  std::string word;
  std::map<std::array<double, 3>, int> seen;
  std::vector<int> facet;
  while (in >> word) {
    if (iequals(word, "vertex")) {
      Vec3 x;
      if (!(in >> x(0) >> x(1) >> x(2))) {
        error = "a 'vertex' line of the ASCII STL file has no three numbers";
        return false;
      }
      facet.push_back(vertex_index(mesh, seen, x));
    } else if (iequals(word, "endloop")) {
      if (facet.size() != 3) {
        error = fmt::format("an ASCII STL facet has {} vertices, not 3", facet.size());
        return false;
      }
      mesh.triangles.push_back({facet[0], facet[1], facet[2]});
      facet.clear();
    }
  }
  return true;
}

bool read_obj(const std::string& text, ContactMesh& mesh, std::string& error) {
  std::istringstream in(text);
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    std::istringstream ls(line);
    std::string tag;
    if (!(ls >> tag)) continue;
    if (tag == "v") {
      Vec3 x;
      if (!(ls >> x(0) >> x(1) >> x(2))) {
        error = fmt::format("line {}: a 'v' record needs three numbers", line_no);
        return false;
      }
      mesh.vertices.push_back(x);
    } else if (tag == "f") {
      std::vector<int> face;
      std::string ref;
      while (ls >> ref) {
        // "v", "v/vt", "v//vn", "v/vt/vn": the vertex is the first number; negative counts back.
        const std::optional<long long> v =
            parse_int(ref.substr(0, ref.find('/')), -2147483647, 2147483647);
        const long long nv = static_cast<long long>(mesh.vertices.size());
        const long long k = v ? (*v < 0 ? nv + *v : *v - 1) : -1;
        if (!v || *v == 0 || k < 0 || k >= nv) {
          error = fmt::format("line {}: face vertex '{}' names no vertex (there are {} so far)",
                              line_no, ref, nv);
          return false;
        }
        face.push_back(static_cast<int>(k));
      }
      if (face.size() < 3) {
        error = fmt::format("line {}: a face needs at least 3 vertices", line_no);
        return false;
      }
      for (size_t k = 1; k + 1 < face.size(); ++k) {
        mesh.triangles.push_back({face[0], face[k], face[k + 1]});
      }
    }
  }
  return true;
}

}  // namespace

bool mesh_file_supported(const std::string& path, std::string& why) {
  const std::string ext = extension(path);
  if (ext == "stl" || ext == "obj") return true;
  why = ext == "shl" ? "Adams shell (.shl) files are not read, their format is not documented; "
                       "export the part as an STL or OBJ mesh"
                     : "only triangle meshes in STL (.stl) or Wavefront OBJ (.obj) files are read, "
                       "not CAD files (Parasolid .xmt_txt, ...)";
  return false;
}

std::optional<ContactMesh> read_contact_mesh(const std::string& path, std::string& error) {
  if (!mesh_file_supported(path, error)) return std::nullopt;
  const std::string ext = extension(path);
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot be read";
    return std::nullopt;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  const std::string bytes = ss.str();
  ContactMesh mesh;
  bool ok = false;
  if (ext == "obj") {
    ok = read_obj(bytes, mesh, error);
  } else {
    // Binary STL: an 80-byte header (which may itself start with "solid"), a triangle count and
    // 50 bytes per triangle; a file of exactly that size is binary.
    uint32_t n = 0;
    if (bytes.size() >= 84) std::memcpy(&n, bytes.data() + 80, 4);
    const bool binary = bytes.size() >= 84 && bytes.size() == 84 + 50 * static_cast<size_t>(n);
    if (binary || bytes.compare(0, 5, "solid") != 0) {
      ok = bytes.size() >= 84 ? read_binary_stl(bytes, mesh, error)
                              : (error = "too short for an STL file", false);
    } else {
      ok = read_ascii_stl(bytes, mesh, error);
    }
  }
  if (!ok) return std::nullopt;
  if (mesh.triangles.empty()) {
    error = "holds no triangles";
    return std::nullopt;
  }
  return mesh;
}

}  // namespace mb
