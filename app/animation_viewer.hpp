#pragma once
// A small animation viewer for the quick-look page (mbsolve --report DIR --animation FILE.gltf):
// an HTML section with a 2-D canvas and a script of its own (no library, nothing downloaded)
// that reads the glTF written by app/animation_gltf.hpp, embedded in the page, and plays the
// bodies' poses: orthographic view, painter's-algorithm triangles with flat shading, each body's
// path as a grey line. Controls: play/pause, a time slider, the view (from +z, which is the default
// when every body stays in one z plane, from +y, from +x, or isometric). The page's URL fragment
// `#t=TIME&view=xy|zx|yz|iso` shows one time, paused (screenshots). The canvas carries the
// projection it used as data attributes: `data-px-per-metre`, `data-origin-x`, `data-origin-y`
// (canvas pixels of the world origin), `data-view`, `data-time` (the time drawn).

#include <string>

namespace mb {

/// The viewer's HTML for the glTF text `gltf` (a JSON document with an embedded buffer).
std::string animation_viewer_html(const std::string& gltf);

}  // namespace mb
