#include "app/animation_viewer.hpp"

namespace mb {
namespace {

// The viewer's script: reads #animation-gltf, draws into #animation-canvas.
constexpr const char* kViewerScript = R"JS(
(function () {
  const g = JSON.parse(document.getElementById('animation-gltf').textContent);
  const canvas = document.getElementById('animation-canvas');
  const ctx = canvas.getContext('2d');
  const raw = atob(g.buffers[0].uri.split(',')[1]);
  const bin = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; ++i) bin[i] = raw.charCodeAt(i);
  const width = {SCALAR: 1, VEC3: 3, VEC4: 4};
  const acc = i => {
    const a = g.accessors[i], v = g.bufferViews[a.bufferView];
    const off = (v.byteOffset || 0) + (a.byteOffset || 0), n = width[a.type] * a.count;
    const T = {5126: Float32Array, 5125: Uint32Array, 5123: Uint16Array}[a.componentType];
    return new T(bin.buffer, off, n);
  };
  // Nodes with their triangles (body frame) and their tracks.
  const nodes = g.nodes.map(n => ({
    name: n.name, t: n.translation || [0, 0, 0], q: n.rotation || [0, 0, 0, 1],
    s: n.scale || [1, 1, 1], tris: [], tr: null, rot: null, sc: null}));
  g.nodes.forEach((n, k) => {
    if (n.mesh === undefined) return;
    g.meshes[n.mesh].primitives.forEach(p => {
      const pos = acc(p.attributes.POSITION), idx = acc(p.indices);
      const c = g.materials[p.material].pbrMetallicRoughness.baseColorFactor;
      for (let i = 0; i < idx.length; i += 3) {
        nodes[k].tris.push({c, v: [0, 1, 2].map(j => [pos[3 * idx[i + j]],
          pos[3 * idx[i + j] + 1], pos[3 * idx[i + j] + 2]])});
      }
    });
  });
  let times = [0];
  (g.animations || []).forEach(a => a.channels.forEach(ch => {
    const s = a.samplers[ch.sampler];
    times = acc(s.input);
    const key = {translation: 'tr', rotation: 'rot', scale: 'sc'}[ch.target.path];
    if (key) nodes[ch.target.node][key] = acc(s.output);
  }));
  const t0 = times[0], t1 = times[times.length - 1];
  const rotate = (q, v) => {  // q = (x, y, z, w)
    const [x, y, z, w] = q;
    const tx = 2 * (y * v[2] - z * v[1]), ty = 2 * (z * v[0] - x * v[2]),
          tz = 2 * (x * v[1] - y * v[0]);
    return [v[0] + w * tx + y * tz - z * ty, v[1] + w * ty + z * tx - x * tz,
            v[2] + w * tz + x * ty - y * tx];
  };
  const pose = (n, t) => {
    let i = 0, hi = times.length - 1;  // the last i with times[i] <= t
    while (i < hi) {
      const mid = (i + hi + 1) >> 1;
      if (times[mid] <= t) i = mid; else hi = mid - 1;
    }
    const j = Math.min(i + 1, times.length - 1);
    const f = j > i ? Math.min(Math.max((t - times[i]) / (times[j] - times[i]), 0), 1) : 0;
    const lerp = (arr, w) => {
      const out = [];
      for (let k = 0; k < w; ++k) out.push(arr[w * i + k] * (1 - f) + arr[w * j + k] * f);
      return out;
    };
    const tr = n.tr ? lerp(n.tr, 3) : n.t;
    let q = n.q;
    if (n.rot) {
      const dot = [0, 1, 2, 3].reduce((s, k) => s + n.rot[4 * i + k] * n.rot[4 * j + k], 0);
      const sgn = dot < 0 ? -1 : 1;
      q = [0, 1, 2, 3].map(k => n.rot[4 * i + k] * (1 - f) + sgn * n.rot[4 * j + k] * f);
      const len = Math.hypot(...q);
      q = q.map(v => v / len);
    }
    return {tr, q, sc: n.sc ? lerp(n.sc, 3) : n.s};
  };
  // Views: screen right, screen up, towards the viewer.
  const views = {
    xy: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
    zx: [[0, 0, 1], [1, 0, 0], [0, 1, 0]],
    yz: [[0, 1, 0], [0, 0, 1], [1, 0, 0]],
    iso: [[0.7071, -0.7071, 0], [-0.4082, -0.4082, 0.8165], [0.5774, 0.5774, 0.5774]]};
  const dot3 = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  let zmin = Infinity, zmax = -Infinity;
  nodes.forEach(n => { if (n.tr) for (let i = 2; i < n.tr.length; i += 3) {
    zmin = Math.min(zmin, n.tr[i]); zmax = Math.max(zmax, n.tr[i]); } });
  const params = new URLSearchParams(location.hash.slice(1));
  let view = views[params.get('view')] ? params.get('view') : (zmax - zmin < 1e-9 ? 'xy' : 'iso');
  let fit = null;
  // Fit: every moving node's origin at every time, widened by the largest vertex distance of its
  // mesh; the vertices of a node that stands still.
  // A scaled node (a contact force arrow): its largest scale, the rows where it is shown.
  const radius = n => n.tris.reduce((r, tri) => tri.v.reduce((q, v) => Math.max(q, Math.hypot(...v)), r), 0) *
      (n.sc || n.s).reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  const shown = (n, i) => !n.sc || n.sc[i + 2] !== 0;
  const fitView = () => {
    let lo = [Infinity, Infinity], hi = [-Infinity, -Infinity];
    const V = views[view];
    nodes.forEach(n => {
      if (!n.tr && !n.rot) {  // a node that stands still (the ground): its vertices
        n.tris.forEach(tri => tri.v.forEach(v => {
          const w = rotate(n.q, v).map((c, k) => c + n.t[k]), s = [dot3(w, V[0]), dot3(w, V[1])];
          lo = lo.map((l, k) => Math.min(l, s[k]));
          hi = hi.map((h, k) => Math.max(h, s[k]));
        }));
        return;
      }
      const r = radius(n), tr = n.tr || n.t;
      for (let i = 0; i < tr.length; i += 3) {
        if (!shown(n, i)) continue;
        const w = [tr[i], tr[i + 1], tr[i + 2]], s = [dot3(w, V[0]), dot3(w, V[1])];
        lo = lo.map((l, k) => Math.min(l, s[k] - r));
        hi = hi.map((h, k) => Math.max(h, s[k] + r));
      }
    });
    if (!isFinite(lo[0])) { lo = [-1, -1]; hi = [1, 1]; }
    const span = Math.max(hi[0] - lo[0], hi[1] - lo[1], 1e-9);
    const scale = 0.9 * Math.min(canvas.width, canvas.height) / span;
    fit = {scale, ox: canvas.width / 2 - scale * (lo[0] + hi[0]) / 2,
           oy: canvas.height / 2 + scale * (lo[1] + hi[1]) / 2};
    Object.assign(canvas.dataset, {pxPerMetre: scale, originX: fit.ox, originY: fit.oy, view});
  };
  const draw = t => {
    const V = views[view];
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.strokeStyle = '#c8c8c8';  // each body's path over the whole run
    nodes.forEach(n => {
      if (!n.tr || n.sc) return;
      ctx.beginPath();
      for (let i = 0; i < n.tr.length; i += 3) {
        const w = [n.tr[i], n.tr[i + 1], n.tr[i + 2]];
        ctx.lineTo(fit.ox + fit.scale * dot3(w, V[0]), fit.oy - fit.scale * dot3(w, V[1]));
      }
      ctx.stroke();
    });
    const tris = [];
    nodes.forEach(n => {
      const p = pose(n, t);
      n.tris.forEach(tri => {
        const w = tri.v.map(v => rotate(p.q, v.map((c, k) => c * p.sc[k])).map((c, k) => c + p.tr[k]));
        const e1 = w[1].map((c, k) => c - w[0][k]), e2 = w[2].map((c, k) => c - w[0][k]);
        const nrm = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2],
                     e1[0] * e2[1] - e1[1] * e2[0]];
        const facing = dot3(nrm, V[2]) / (Math.hypot(...nrm) || 1);
        if (facing <= 0) return;  // back face
        tris.push({depth: w.reduce((s, v) => s + dot3(v, V[2]), 0) / 3, facing, c: tri.c,
                   s: w.map(v => [fit.ox + fit.scale * dot3(v, V[0]),
                                  fit.oy - fit.scale * dot3(v, V[1])])});
      });
    });
    tris.sort((a, b) => a.depth - b.depth);
    tris.forEach(tri => {
      const k = 0.55 + 0.45 * tri.facing;
      ctx.fillStyle = `rgb(${[0, 1, 2].map(i => Math.round(255 * tri.c[i] * k)).join(',')})`;
      ctx.beginPath();
      ctx.moveTo(...tri.s[0]); ctx.lineTo(...tri.s[1]); ctx.lineTo(...tri.s[2]);
      ctx.closePath(); ctx.fill();
    });
    canvas.dataset.time = t;
    document.getElementById('animation-time').textContent = 't = ' + t.toPrecision(6);
    slider.value = t1 > t0 ? Math.round(1000 * (t - t0) / (t1 - t0)) : 0;
  };
  const slider = document.getElementById('animation-slider');
  const button = document.getElementById('animation-play');
  const select = document.getElementById('animation-view');
  let playing = !params.has('t'), now = params.has('t') ? Number(params.get('t')) : t0;
  let last = null;
  select.value = view;
  select.onchange = () => { view = select.value; fitView(); draw(now); };
  slider.oninput = () => { playing = false; now = t0 + (t1 - t0) * slider.value / 1000; draw(now); };
  button.onclick = () => { playing = !playing; last = null; };
  const tick = ms => {
    if (playing && last !== null) {
      now += (ms - last) / 1000;
      if (now > t1) now = t0;
      draw(now);
    }
    last = ms;
    requestAnimationFrame(tick);
  };
  fitView();
  draw(now);
  requestAnimationFrame(tick);
})();
)JS";

/// The glTF text made safe inside a <script> element ("</" cannot end it early).
std::string script_safe(const std::string& json) {
  std::string out;
  out.reserve(json.size());
  for (size_t i = 0; i < json.size(); ++i) {
    out += json[i];
    if (json[i] == '<' && i + 1 < json.size() && json[i + 1] == '/') out += '\\';
  }
  return out;
}

}  // namespace

std::string animation_viewer_html(const std::string& gltf) {
  return std::string(
             "<h2>Animation</h2>\n<section id='animation'>\n"
             "<canvas id='animation-canvas' width='640' height='480' "
             "style='border:1px solid #bbb'></canvas>\n<div>"
             "<button id='animation-play'>play / pause</button> "
             "<input id='animation-slider' type='range' min='0' max='1000' value='0' "
             "style='width:400px'> <span id='animation-time'></span> view "
             "<select id='animation-view'><option value='xy'>from +z</option>"
             "<option value='zx'>from +y</option><option value='yz'>from +x</option>"
             "<option value='iso'>isometric</option></select></div>\n"
             "<script type='application/json' id='animation-gltf'>") +
         script_safe(gltf) + "</script>\n<script>" + kViewerScript + "</script>\n</section>\n";
}

}  // namespace mb
