#pragma once
// The animation of a run (mbsolve DECK --animation FILE.gltf): a glTF 2.0 file (JSON, its one
// buffer embedded as a base64 data URI) that Blender, ParaView (5.10+) and web viewers open.
// Written after the run from PREFIX.csv, so that it shows exactly the rows written:
//   * one node per moving body of the CSV (`bodyN.x .y .z`, and `.e0 .e1 .e2 .e3` for rigid
//     bodies), named `bodyN`, placed at its CM with the CM frame's orientation;
//   * one animation "mbsolve" with, per node, a translation and a rotation sampler (LINEAR) over
//     the output times: translation = (x, y, z) converted to metres (glTF's unit) from the
//     CSV's length unit, rotation = the quaternion (e1, e2, e3, e0) (glTF order x, y, z, w);
//     times in seconds (the CSV's time column converted from its unit);
//   * the geometry of each node: the body's graphics (`geometry`, app/graphics_mesh.hpp: the
//     deck's Post_Graphic / GRAPHICS in the body's CM frame) in the body's colour; for a body
//     without graphics a frame glyph in its CM frame: a cube in the body's colour at the origin
//     and three arms along +x (red), +y (green), +z (blue), sized to a fifth of the largest
//     extent a body sweeps, at least a twentieth of the whole scene's;
//   * the ground's graphics, when it has any: a node "ground" that does not move, in grey.
//   * per Force_Contact / Adams CONTACT (`contacts`, app/contact_arrows.hpp: recorded with the
//     CSV's rows) a node `contact<id>`: an arrow (red, a shaft and a wider head, along its local
//     +z up to its tip at the node's origin) whose tip is the contact force's centre of pressure,
//     pointing along the force on the contact's I body (so it stands outside that body), its length
//     |F| times `force_to_length` (the node's extras: metres per model force unit, the glyph size
//     over the largest force of the run), animated with LINEAR translation, rotation and scale
//     samplers; scale (0, 0, 0) while the contact carries nothing. Its extras also name the contact
//     (`contact`: "CONTACT 1").
// glTF stores single precision: values equal the CSV's rounded to float32.

#include <map>
#include <string>
#include <vector>

#include "app/contact_arrows.hpp"
#include "app/graphics_mesh.hpp"

namespace mb {

struct AnimationResult {
  int bodies = 0;       ///< nodes of moving bodies written
  int drawn = 0;        ///< of these, the bodies drawn with their graphics (not the glyph)
  int contacts = 0;     ///< contact force arrows written
  size_t frames = 0;    ///< output times
  double to_metre = 1;  ///< the factor applied to the CSV's lengths
};

/// Writes `path` (atomically) from the result CSV `csv_path`, with the graphics `geometry` per
/// node name (body_meshes: "body<id>", "ground"; in the model's length unit, the CSV's) and the
/// contact forces `contacts` (one entry per CSV row each; a track of another length is left
/// out). Throws Error(kUsage) when it cannot be written, Error(kDeckError) when the CSV cannot
/// be read.
AnimationResult write_animation_gltf(
    const std::string& path, const std::string& csv_path,
    const std::map<std::string, std::vector<TriangleMesh>>& geometry = {},
    const std::vector<ContactArrowTrack>& contacts = {});

/// The colours of the body glyphs' cubes (RGB 0..1), body k of the CSV gets kBodyColours[k % 6].
inline constexpr float kBodyColours[6][3] = {{1.0f, 0.0f, 1.0f}, {1.0f, 0.55f, 0.0f},
                                             {0.0f, 0.8f, 0.8f}, {0.6f, 0.3f, 0.0f},
                                             {0.5f, 0.0f, 1.0f}, {0.9f, 0.9f, 0.0f}};

}  // namespace mb
