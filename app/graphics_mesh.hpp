#pragma once
// Triangle meshes of the body graphics (models/body_graphics.hpp) for the animation
// (app/animation_gltf.hpp), in the body's frame and the model's length unit:
//   box        its 8 corners (the corner marker's axes, edges X, Y, Z signed)
//   cylinder,  SIDES facets around (24 by default), capped where the radius is > 0; from the
//   frustum    marker's xy plane to z = LENGTH (negative: below it)
//   ellipsoid, 24 meridians x 12 parallels through the semi-axes (Adams XSCALE/2, ...)
//   sphere
//   circle     a disc of 24 facets in the marker's xy plane, seen from both sides
//   plane      the rectangle XMIN..XMAX x YMIN..YMAX, seen from both sides
//   outline    a square bar along each segment, its width 2 % of the longest segment
// The faces of the solids wind counter-clockwise seen from outside (glTF's front faces); normals
// are per face.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "models/body_graphics.hpp"

namespace mb {

struct TriangleMesh {
  std::vector<float> positions;  ///< x, y, z per vertex
  std::vector<float> normals;    ///< per vertex, unit length
  std::vector<std::uint32_t> indices;
  std::array<float, 3> lower() const;  ///< the bounding box (empty mesh: +inf)
  std::array<float, 3> upper() const;
};

/// The triangles of one graphic in its body's frame.
TriangleMesh graphic_mesh(const BodyGraphic& g);

/// The meshes of every graphic per animation node: "body<id>" for the moving bodies (the CSV's
/// names), "ground" for the ground's.
std::map<std::string, std::vector<TriangleMesh>> body_meshes(const std::vector<BodyGraphic>& g,
                                                             const Model& model);

}  // namespace mb
