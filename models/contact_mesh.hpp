#pragma once
// A triangle mesh a contact touches (Adams GRAPHICS/EXTERNAL, Post_Graphic External / TriaMesh
// with a FILE): read from an STL file (ASCII or binary) or a Wavefront OBJ file (its `v` and `f`
// records; polygons are split into triangles around their first vertex; `vt`/`vn` indices and
// every other record are ignored). The coordinates are taken as they are, in model length
// units, in the axes of the geometry's marker. Other formats (Parasolid, Adams shell .shl) are
// refused: the shell format is not documented in any reference read.

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "common/linalg.hpp"

namespace mb {

struct ContactMesh {
  std::vector<Vec3> vertices;
  std::vector<std::array<int, 3>> triangles;  ///< indices into vertices
};

/// True when `path` names a format read here (by its extension); else `why` says what is read.
bool mesh_file_supported(const std::string& path, std::string& why);

/// Reads `path`; on failure std::nullopt and `error` says why (without the file's name).
std::optional<ContactMesh> read_contact_mesh(const std::string& path, std::string& error);

}  // namespace mb
