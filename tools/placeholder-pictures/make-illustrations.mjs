#!/usr/bin/env node
// Renders the placeholder illustrations in content/images/ from hand-written SVG
// scenes (sharp/librsvg -> JPEG). They stand in for real photos until the
// company has its own. Everything is seeded, so a re-run gives identical files.
//
//   npm run images                                   (all images)
//   npm run images -- project- team-                 (only files starting with these)
//   node tools/placeholder-pictures/make-illustrations.mjs [prefix ...]   (the same)

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';

// The project's content/images/, two folders up from tools/placeholder-pictures/.
const OUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'content', 'images');
const JPEG_OPTIONS = { quality: 80, progressive: true, mozjpeg: true };

// ---------------------------------------------------------------------------
// Randomness, numbers and colours
// ---------------------------------------------------------------------------

/** mulberry32: tiny seeded PRNG, so every run draws the same "random" details. */
function makeRng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (lo, hi) => lo + (hi - lo) * next(),
    int: (lo, hi) => Math.floor(lo + (hi - lo + 1) * next()),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

const fmt = (v) => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

/** Attribute numbers keep three decimals (noise frequencies, opacities). */
const num = (v) => String(Math.round(v * 1000) / 1000);

const lerp = (a, b, t) => a + (b - a) * t;

const clamp = (v, lo = 0, hi = 1) => Math.min(hi, Math.max(lo, v));

const hexToRgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

const rgbToHex = (rgb) =>
  '#' + rgb.map((c) => Math.round(clamp(c, 0, 255)).toString(16).padStart(2, '0')).join('');

/** Linear mix of two hex colours. */
function mix(a, b, t) {
  const ca = hexToRgb(a);
  const cb = hexToRgb(b);
  return rgbToHex(ca.map((c, i) => lerp(c, cb[i], t)));
}

/** k > 0 lightens towards white, k < 0 darkens towards black. */
const shade = (c, k) => (k >= 0 ? mix(c, '#ffffff', k) : mix(c, '#000000', -k));

/** Small random shift in brightness and warmth, for bricks, tiles and slates. */
function vary(rand, c, amount = 0.08) {
  const k = rand.range(-amount, amount);
  const warm = rand.range(-amount, amount) * 0.5;
  const [r, g, b] = hexToRgb(shade(c, k));
  return rgbToHex([r * (1 + warm), g, b * (1 - warm)]);
}

// ---------------------------------------------------------------------------
// SVG building blocks
// ---------------------------------------------------------------------------

/** Collects <defs> and body markup for one image and hands out unique ids. */
class Scene {
  constructor(width, height, seed) {
    this.width = width;
    this.height = height;
    this.rand = makeRng(seed);
    this.defs = [];
    this.body = [];
    this.count = 0;
    this.cache = new Map();
  }

  id(prefix) {
    this.count += 1;
    return `${prefix}${this.count}`;
  }

  def(markup) {
    this.defs.push(markup);
  }

  /** Defines something once per scene (e.g. a blur of a given radius). */
  once(key, build) {
    if (!this.cache.has(key)) this.cache.set(key, build());
    return this.cache.get(key);
  }

  add(...parts) {
    this.body.push(...parts.flat(Infinity).filter(Boolean));
  }

  toSvg() {
    const { width: w, height: h } = this;
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
      `width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
      `<defs>${this.defs.join('')}</defs>` +
      (this.wrap ? `<g filter="${this.wrap}">${this.body.join('')}</g>` : this.body.join('')) +
      '</svg>'
    );
  }
}

function attrs(a = {}) {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? num(v) : v}"`)
    .join('');
}

const tag = (name, a, inner) =>
  inner === undefined ? `<${name}${attrs(a)}/>` : `<${name}${attrs(a)}>${inner}</${name}>`;

/** Path data for a polyline; closed unless told otherwise. */
function pathD(points, close = true) {
  return (
    points.map(([x, y], i) => `${i ? 'L' : 'M'}${fmt(x)} ${fmt(y)}`).join('') + (close ? 'Z' : '')
  );
}

const poly = (points, a) => tag('path', { d: pathD(points), ...a });

const line = (points, a) => tag('path', { d: pathD(points, false), fill: 'none', ...a });

const rect = (x, y, w, h, a) => tag('rect', { x, y, width: w, height: h, ...a });

const ellipse = (cx, cy, rx, ry, a) => tag('ellipse', { cx, cy, rx, ry, ...a });

const group = (a, ...children) => tag('g', a, children.flat(Infinity).filter(Boolean).join(''));

/** Registers a clip path from screen points and returns its url(). */
function clipTo(s, points) {
  const id = s.id('cp');
  s.def(tag('clipPath', { id }, poly(points, {})));
  return `url(#${id})`;
}

const stopsXml = (stops) =>
  stops
    .map(([offset, color, opacity = 1]) =>
      tag('stop', { offset, 'stop-color': color, 'stop-opacity': opacity === 1 ? undefined : opacity }),
    )
    .join('');

/** Linear gradient; by default top-to-bottom over the shape's bounding box. */
function linearGradient(s, stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false } = {}) {
  const id = s.id('lg');
  s.def(
    tag(
      'linearGradient',
      { id, x1, y1, x2, y2, gradientUnits: user ? 'userSpaceOnUse' : undefined },
      stopsXml(stops),
    ),
  );
  return `url(#${id})`;
}

function radialGradient(s, stops, { cx = 0.5, cy = 0.5, r = 0.5, fx, fy, user = false, transform } = {}) {
  const id = s.id('rg');
  s.def(
    tag(
      'radialGradient',
      {
        id,
        cx,
        cy,
        r,
        fx,
        fy,
        gradientUnits: user ? 'userSpaceOnUse' : undefined,
        gradientTransform: transform,
      },
      stopsXml(stops),
    ),
  );
  return `url(#${id})`;
}

function blur(s, std) {
  return s.once(`blur${std}`, () => {
    const id = s.id('bl');
    s.def(
      tag(
        'filter',
        { id, x: '-20%', y: '-20%', width: '140%', height: '140%' },
        tag('feGaussianBlur', { stdDeviation: std }),
      ),
    );
    return `url(#${id})`;
  });
}

/**
 * Mottled surface texture: fractal noise darkens and lightens the shape a
 * little, which is what keeps large surfaces from looking like flat vector fills.
 */
function mottle(s, { freq = 0.02, dark = 0.25, light = 0.12, octaves = 3, seed = 1 } = {}) {
  return s.once(`mottle${freq}|${dark}|${light}|${octaves}|${seed}`, () => {
    const id = s.id('mt');
    // Fractal noise sits around 0.5; the matrices map (value - 0.5) to alpha.
    const darkM = `0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  ${-dark * 4} 0 0 0 ${dark * 2}`;
    const lightM = `0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 ${light * 4} 0 0 ${-light * 2}`;
    s.def(
      tag(
        'filter',
        { id, x: 0, y: 0, width: 1, height: 1, 'color-interpolation-filters': 'sRGB' },
        tag('feTurbulence', {
          type: 'fractalNoise',
          baseFrequency: Array.isArray(freq) ? freq.join(' ') : freq,
          numOctaves: octaves,
          seed,
          result: 'n',
        }) +
          tag('feColorMatrix', { in: 'n', type: 'matrix', values: darkM, result: 'd' }) +
          tag('feColorMatrix', { in: 'n', type: 'matrix', values: lightM, result: 'l' }) +
          tag('feComposite', { in: 'd', in2: 'SourceGraphic', operator: 'in', result: 'd2' }) +
          tag('feComposite', { in: 'l', in2: 'SourceGraphic', operator: 'in', result: 'l2' }) +
          tag(
            'feMerge',
            {},
            tag('feMergeNode', { in: 'SourceGraphic' }) +
              tag('feMergeNode', { in: 'd2' }) +
              tag('feMergeNode', { in: 'l2' }),
          ),
      ),
    );
    return `url(#${id})`;
  });
}

/** Mixes a flat haze colour over a group, for atmospheric distance. */
function haze(s, color, amount) {
  return s.once(`haze${color}${amount}`, () => {
    const id = s.id('hz');
    s.def(
      tag(
        'filter',
        { id, x: 0, y: 0, width: 1, height: 1 },
        tag('feFlood', { 'flood-color': color, 'flood-opacity': amount, result: 'f' }) +
          tag('feComposite', { in: 'f', in2: 'SourceAlpha', operator: 'in', result: 'h' }) +
          tag('feMerge', {}, tag('feMergeNode', { in: 'SourceGraphic' }) + tag('feMergeNode', { in: 'h' })),
      ),
    );
    return `url(#${id})`;
  });
}

/** Fine film grain over the whole frame, kept faint so the JPEGs stay small. */
function addGrain(s, amount = 0.05, seed = 7) {
  s.wrap = mottle(s, { freq: 0.9, dark: amount, light: amount * 0.7, octaves: 1, seed });
}

/** Soft darkening of the corners, like a real lens. */
function vignette(s, strength = 0.3) {
  const fill = radialGradient(s, [
    [0.55, '#000', 0],
    [1, '#10151c', strength],
  ], { r: 0.75 });
  return rect(0, 0, s.width, s.height, { fill });
}

/** The last step of every scene: lens vignette, then film grain over everything. */
function finishLikeAPhoto(s, { vignette: strength, grain }) {
  s.add(vignette(s, strength));
  addGrain(s, grain);
  return s;
}

/** Samples a cubic Bezier curve into points, so curves can be mapped into 3D. */
function bezier(p0, p1, p2, p3, steps = 12) {
  const pts = [];
  for (let i = 0; i <= steps; i += 1) {
    const t = i / steps;
    const mt = 1 - t;
    pts.push([
      mt ** 3 * p0[0] + 3 * mt ** 2 * t * p1[0] + 3 * mt * t ** 2 * p2[0] + t ** 3 * p3[0],
      mt ** 3 * p0[1] + 3 * mt ** 2 * t * p1[1] + 3 * mt * t ** 2 * p2[1] + t ** 3 * p3[1],
    ]);
  }
  return pts;
}

// ---------------------------------------------------------------------------
// Geometry: a tiny pinhole camera and planar surfaces
// ---------------------------------------------------------------------------

// World units are metres: x to the right, y up, z away from the viewer.
// Surfaces are described in their own (u, v) metres plus an optional offset n
// along the surface normal, so one helper can draw tiles on a roof seen from
// any angle as well as on a flat front view.

const v3 = {
  add: (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]],
  sub: (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]],
  scale: (a, k) => [a[0] * k, a[1] * k, a[2] * k],
  dot: (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2],
  cross: (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]],
  norm: (a) => {
    const l = Math.hypot(a[0], a[1], a[2]);
    return [a[0] / l, a[1] / l, a[2] / l];
  },
};

/**
 * Perspective camera. `shift` moves the image centre (in px) like a shift
 * lens, so a level camera can keep vertical lines vertical.
 */
function camera({ eye, target, focal, width, height, shift = [0, 0] }) {
  const fwd = v3.norm(v3.sub(target, eye));
  const right = v3.norm(v3.cross([0, 1, 0], fwd));
  const up = v3.cross(fwd, right);
  const cx = width / 2 + shift[0];
  const cy = height / 2 + shift[1];
  const project = (p) => {
    const d = v3.sub(p, eye);
    const z = Math.max(v3.dot(d, fwd), 0.01);
    return [cx + (focal * v3.dot(d, right)) / z, cy - (focal * v3.dot(d, up)) / z];
  };
  project.eye = eye;
  return project;
}

/** Maps surface coordinates (u, v, n) of a plane in the world to the screen. */
function planeMap(cam, origin, uAxis, vAxis) {
  const normal = v3.norm(v3.cross(vAxis, uAxis));
  return (u, v, n = 0) =>
    cam(v3.add(origin, v3.add(v3.scale(uAxis, u), v3.add(v3.scale(vAxis, v), v3.scale(normal, n)))));
}

/** Flat front view: metres to pixels, v measured upwards from `y0`. */
const flatMap = (x0, y0, scale) => (u, v) => [x0 + u * scale, y0 - v * scale];

const quad = (map, u0, v0, u1, v1, n = 0) => [map(u0, v0, n), map(u1, v0, n), map(u1, v1, n), map(u0, v1, n)];

const mapPts = (map, pts, n = 0) => pts.map(([u, v]) => map(u, v, n));

/** Convex hull (monotone chain) of screen points; used for cylinder silhouettes. */
function hull(points) {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list) => {
    const out = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2], out[out.length - 1], p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(pts), ...half([...pts].reverse())];
}

/**
 * Box in a local frame (origin plus three edge vectors) with the faces that
 * look towards the camera, each in its own colour.
 */
function box(cam, origin, a, b, c, colors, extra = {}) {
  const P = (i, j, k) => v3.add(origin, v3.add(v3.scale(a, i), v3.add(v3.scale(b, j), v3.scale(c, k))));
  const faces = [
    { pts: [P(0, 0, 1), P(1, 0, 1), P(1, 1, 1), P(0, 1, 1)], n: c, key: 'top' },
    { pts: [P(0, 0, 0), P(0, 1, 0), P(1, 1, 0), P(1, 0, 0)], n: v3.scale(c, -1), key: 'bottom' },
    { pts: [P(0, 0, 0), P(0, 1, 0), P(0, 1, 1), P(0, 0, 1)], n: v3.scale(a, -1), key: 'front' },
    { pts: [P(1, 0, 0), P(1, 1, 0), P(1, 1, 1), P(1, 0, 1)], n: a, key: 'back' },
    { pts: [P(0, 0, 0), P(1, 0, 0), P(1, 0, 1), P(0, 0, 1)], n: v3.scale(b, -1), key: 'side' },
    { pts: [P(0, 1, 0), P(1, 1, 0), P(1, 1, 1), P(0, 1, 1)], n: b, key: 'far' },
  ];
  const out = [];
  for (const f of faces) {
    if (!colors[f.key]) continue;
    if (v3.dot(f.n, v3.sub(cam.eye, f.pts[0])) <= 0) continue;
    out.push(poly(f.pts.map(cam), { fill: colors[f.key], ...extra }));
  }
  return out;
}

// ---------------------------------------------------------------------------
// Sky, weather and surroundings
// ---------------------------------------------------------------------------

/** Full-frame sky: vertical gradient plus an optional warm glow where the sun is. */
function sky(s, stops, glow) {
  const parts = [rect(0, 0, s.width, s.height, { fill: linearGradient(s, stops) })];
  if (glow) {
    const fill = radialGradient(
      s,
      [
        [0, glow.color, glow.opacity ?? 0.7],
        [0.4, glow.color, (glow.opacity ?? 0.7) * 0.35],
        [1, glow.color, 0],
      ],
      { cx: glow.x, cy: glow.y, r: glow.r, user: true },
    );
    parts.push(rect(0, 0, s.width, s.height, { fill }));
  }
  return parts;
}

/**
 * Cumulus clouds. Puffs (lit top, greyer base) are frayed by noise, then lit
 * with feDiffuseLighting using their blurred outline plus noise as a height
 * map, which gives the rounded, billowing look of real clouds.
 */
function clouds(s, rand, { count, x, y, size, lit, shadow, opacity = 0.9, blurPx = 4, flat = 0.8 }) {
  const id = s.id('cf');
  const big = size[1];
  s.def(
    tag(
      'filter',
      { id, x: '-30%', y: '-60%', width: '160%', height: '220%', 'color-interpolation-filters': 'sRGB' },
      tag('feTurbulence', { type: 'fractalNoise', baseFrequency: (0.02 * 150) / big, numOctaves: 4, seed: rand.int(1, 999), result: 't' }) +
        tag('feDisplacementMap', { in: 'SourceGraphic', in2: 't', scale: big * 0.4, xChannelSelector: 'R', yChannelSelector: 'G', result: 'd' }) +
        tag('feGaussianBlur', { in: 'd', stdDeviation: blurPx, result: 'shape' }) +
        tag('feTurbulence', { type: 'fractalNoise', baseFrequency: (0.012 * 150) / big, numOctaves: 3, seed: rand.int(1, 999), result: 't2' }) +
        tag('feColorMatrix', { in: 'shape', type: 'matrix', values: '0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 0.6 0', result: 'sa' }) +
        tag('feGaussianBlur', { in: 'sa', stdDeviation: big * 0.17, result: 'hb' }) +
        tag('feComposite', { in: 't2', in2: 'hb', operator: 'arithmetic', k1: 0, k2: 0.3, k3: 1, k4: -0.15, result: 'hm' }) +
        tag('feDiffuseLighting', { in: 'hm', surfaceScale: 18, diffuseConstant: 1, 'lighting-color': '#fff', result: 'light' }, tag('feDistantLight', { azimuth: 250, elevation: 50 })) +
        tag('feColorMatrix', { in: 'light', type: 'matrix', values: '0.45 0 0 0 0.55  0 0.43 0 0 0.56  0 0 0.4 0 0.6  0 0 0 0 1', result: 'tint' }) +
        tag('feGaussianBlur', { in: 'tint', stdDeviation: 1.5, result: 'tb' }) +
        tag('feComposite', { in: 'tb', in2: 'shape', operator: 'arithmetic', k1: 1, k2: 0, k3: 0, k4: 0 }),
    ),
  );
  const puffFill = linearGradient(s, [[0, lit], [0.55, mix(lit, shadow, 0.12)], [1, shadow]]);
  const shapes = [];
  for (let i = 0; i < count; i += 1) {
    const cx = rand.range(x[0], x[1]);
    const cy = rand.range(y[0], y[1]);
    const sz = rand.range(size[0], size[1]);
    shapes.push(ellipse(cx, cy, sz * 1.3, sz * 0.18, { fill: shadow }));
    const puffs = [];
    for (let p = 0; p < 18; p += 1) {
      const dx = rand.range(-1, 1);
      const r = sz * rand.range(0.2, 0.42) * (1 - Math.abs(dx) * 0.45);
      puffs.push({ px: cx + dx * sz, py: cy - r * 0.4 - rand.range(0, sz * 0.45) * (1 - Math.abs(dx)), r });
    }
    puffs.sort((a, b) => a.py - b.py);
    for (const { px, py, r } of puffs) shapes.push(ellipse(px, py, r * 1.1, r * flat * 1.1, { fill: puffFill }));
  }
  return group({ filter: `url(#${id})`, opacity }, shapes);
}

/** Slanted rain: thin translucent streaks of random length. */
function rain(s, rand, { count, angle = 12, len = [20, 60], opacity = 0.35, width = 1, area }) {
  const [x0, y0, x1, y1] = area ?? [0, 0, s.width, s.height];
  const dx = Math.tan((angle * Math.PI) / 180);
  let d = '';
  for (let i = 0; i < count; i += 1) {
    const x = rand.range(x0 - 50, x1);
    const y = rand.range(y0, y1);
    const l = rand.range(len[0], len[1]);
    d += `M${fmt(x)} ${fmt(y)}l${fmt(dx * l)} ${fmt(l)}`;
  }
  return tag('path', { d, stroke: '#e8eef3', 'stroke-width': width, 'stroke-opacity': opacity, 'stroke-linecap': 'round', fill: 'none' });
}

/**
 * Leafy tree crowns (canal elms). Soft colour lobes lit from the upper left are
 * cut into leaves by thresholded noise; a darker back layer fills the gaps.
 */
function trees(s, rand, { items, colors, trunk = '#3b3229', leafFreq = 0.2 }) {
  const foliage = (seed, soft) => {
    const id = s.id('tf');
    s.def(
      tag(
        'filter',
        { id, x: '-10%', y: '-10%', width: '120%', height: '120%', 'color-interpolation-filters': 'sRGB' },
        tag('feGaussianBlur', { in: 'SourceGraphic', stdDeviation: soft, result: 'soft' }) +
          tag('feTurbulence', { type: 'fractalNoise', baseFrequency: leafFreq, numOctaves: 2, seed, result: 'n' }) +
          tag('feColorMatrix', { in: 'n', type: 'matrix', values: '0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  8 0 0 0 -2.6', result: 'm' }) +
          tag('feComposite', { in: 'soft', in2: 'm', operator: 'in', result: 'leaves' }) +
          tag('feColorMatrix', { in: 'n', type: 'matrix', values: '0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 -2 0 0 1.05', result: 'd' }) +
          tag('feComposite', { in: 'd', in2: 'leaves', operator: 'in', result: 'd2' }) +
          tag('feMerge', {}, tag('feMergeNode', { in: 'leaves' }) + tag('feMergeNode', { in: 'd2' })),
      ),
    );
    return `url(#${id})`;
  };
  const out = [];
  for (const { x, y, r, base } of items) {
    const limb = (pts, wdt) => line(pts, { stroke: trunk, 'stroke-width': wdt, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
    if (base) {
      out.push(poly([[x - r * 0.02, base], [x + r * 0.13, base], [x + r * 0.06, y + r * 0.3], [x + r * 0.01, y + r * 0.3]], { fill: trunk }));
      out.push(limb([[x + r * 0.03, y + r * 0.35], [x - r * 0.35, y - r * 0.1]], r * 0.06));
      out.push(limb([[x, y + r * 0.3], [x + r * 0.4, y - r * 0.2]], r * 0.05));
      out.push(limb([[x, y + r * 0.4], [x + r * 0.05, y - r * 0.4]], r * 0.045));
    }
    // A crown is a few overlapping lobes, each a cloud of coloured patches.
    const lobes = [[0, 0, 1]];
    for (let l = 0; l < 4; l += 1) lobes.push([rand.range(-0.6, 0.6), rand.range(-0.5, 0.35), rand.range(0.4, 0.6)]);
    const back = [];
    const front = [];
    for (const [lx, ly, lr] of lobes) {
      for (let i = 0; i < 60 * lr; i += 1) {
        const a = rand.range(0, Math.PI * 2);
        const d = Math.sqrt(rand.next());
        const bx = x + lx * r + Math.cos(a) * d * r * lr;
        const by = y + ly * r + Math.sin(a) * d * r * lr * 0.75;
        const br = r * rand.range(0.12, 0.22);
        const lit = clamp(0.45 + ((x - bx) / r) * 0.35 + ((y - by) / r) * 0.5 + rand.range(-0.2, 0.2));
        const fill = lit > 0.5 ? mix(colors[1], colors[2], (lit - 0.5) * 2) : mix(colors[0], colors[1], lit * 2);
        front.push(ellipse(bx, by, br, br * 0.8, { fill }));
        if (d < 0.8) back.push(ellipse(bx, by + br * 0.2, br, br * 0.8, { fill: colors[0] }));
      }
    }
    out.push(group({ filter: foliage(rand.int(1, 999), r * 0.02) }, back));
    out.push(group({ filter: foliage(rand.int(1, 999), r * 0.04) }, front));
  }
  return out;
}

/**
 * Far city for views from a flat roof: post-war blocks with ribbon windows,
 * older pitched roofs, a church spire and a crane, all softened by haze.
 */
function distantCity(s, rand, { horizon, width, tint = '#a9bccd', amount = 0.45, scale = 1 }) {
  const k = scale;
  const parts = [rect(-10, horizon - 4, width + 20, 400, { fill: '#8e968f' })];
  let x = -20;
  while (x < width + 20) {
    const w = rand.range(50, 170) * k;
    const h = rand.range(15, 75) * k;
    const c = rand.pick(['#c2b7a4', '#a89b8b', '#cfc8bb', '#9b8f84', '#b8a48c', '#8d7a6c']);
    const top = horizon - h;
    if (rand.chance(0.3)) {
      parts.push(poly([[x, horizon + 60], [x, top + 14 * k], [x + w * 0.15, top], [x + w * 0.85, top], [x + w, top + 14 * k], [x + w, horizon + 60]], { fill: c }));
      parts.push(poly([[x, top + 14 * k], [x + w * 0.15, top], [x + w * 0.85, top], [x + w, top + 14 * k]], { fill: '#6a5a52' }));
    } else {
      parts.push(rect(x, top, w, h + 60, { fill: c }));
      parts.push(rect(x, top, w, 3 * k, { fill: '#ffffff', opacity: 0.35 }));
      for (let fy = top + 7 * k; fy < horizon + 50; fy += 10 * k) parts.push(rect(x + 4 * k, fy, w - 8 * k, 3 * k, { fill: '#5c6670', opacity: 0.55 }));
    }
    parts.push(rect(x + w * 0.7, top, w * 0.3, h + 60, { fill: '#000', opacity: 0.12 }));
    x += w + rand.range(0, 40) * k;
  }
  const tx = width * 0.7;
  parts.push(poly([[tx, horizon - 50 * k], [tx + 24 * k, horizon - 50 * k], [tx + 24 * k, horizon - 110 * k], [tx + 12 * k, horizon - 175 * k], [tx, horizon - 110 * k]], { fill: '#8c8881' }));
  const cx = width * 0.28;
  parts.push(
    line([[cx, horizon + 10], [cx, horizon - 150 * k]], { stroke: '#d29a3a', 'stroke-width': 3 * k }),
    line([[cx - 40 * k, horizon - 146 * k], [cx + 130 * k, horizon - 146 * k]], { stroke: '#d29a3a', 'stroke-width': 2.5 * k }),
    line([[cx + 100 * k, horizon - 146 * k], [cx + 100 * k, horizon - 80 * k]], { stroke: '#444', 'stroke-width': 0.8 }),
  );
  return group({ filter: haze(s, tint, amount) }, parts);
}

/** Dutch polder horizon: hazy tree lines and a few windmills. */
function polder(s, rand, { horizon, width, mills = [] }) {
  const out = [];
  // Tree lines and farms: many small crowns, never hills (this is a polder).
  let d = `M-10 ${horizon + 2}`;
  let wave = 0;
  for (let x = -10; x <= width + 10; x += rand.range(3, 7)) {
    wave += rand.range(-1.5, 1.5);
    wave = clamp(wave, 0, 9);
    d += `L${fmt(x)} ${fmt(horizon - 2 - wave - rand.range(0, 3))}`;
  }
  d += `L${width + 10} ${horizon + 4}L-10 ${horizon + 4}Z`;
  out.push(tag('path', { d, fill: '#667563' }));
  for (let i = 0; i < 5; i += 1) {
    const fx = rand.range(0, width);
    const fw = rand.range(14, 30);
    out.push(poly([[fx, horizon], [fx, horizon - 7], [fx + fw / 2, horizon - 13], [fx + fw, horizon - 7], [fx + fw, horizon]], { fill: '#6d6660' }));
  }
  for (const { x, h, angle } of mills) {
    const top = horizon - h;
    out.push(poly([[x - h * 0.14, horizon], [x - h * 0.08, top + h * 0.2], [x + h * 0.08, top + h * 0.2], [x + h * 0.14, horizon]], { fill: '#5b6360' }));
    out.push(tag('path', { d: `M${fmt(x - h * 0.1)} ${fmt(top + h * 0.22)}Q${fmt(x)} ${fmt(top + h * 0.05)} ${fmt(x + h * 0.1)} ${fmt(top + h * 0.22)}Z`, fill: '#5b6360' }));
    for (let i = 0; i < 4; i += 1) {
      const a = ((angle + i * 90) * Math.PI) / 180;
      const hx = x + Math.cos(a) * h * 0.7;
      const hy = top + h * 0.18 + Math.sin(a) * h * 0.7;
      out.push(line([[x, top + h * 0.18], [hx, hy]], { stroke: '#59615e', 'stroke-width': 2 }));
      const px = -Math.sin(a) * h * 0.07;
      const py = Math.cos(a) * h * 0.07;
      out.push(poly([[x + Math.cos(a) * h * 0.2, top + h * 0.18 + Math.sin(a) * h * 0.2], [hx, hy], [hx + px, hy + py], [x + Math.cos(a) * h * 0.2 + px, top + h * 0.18 + Math.sin(a) * h * 0.2 + py]], { fill: '#6c7370', opacity: 0.8 }));
    }
  }
  return group({ filter: haze(s, '#c6d3dc', 0.45) }, out);
}

// ---------------------------------------------------------------------------
// Roofing and building materials
// ---------------------------------------------------------------------------

/** Glass that reflects a pale sky at the top and a darker interior below. */
function glassFill(s, tint = '#6f8596') {
  return linearGradient(
    s,
    [
      [0, shade(tint, 0.35)],
      [0.35, tint],
      [0.7, shade(tint, -0.45)],
      [1, shade(tint, -0.6)],
    ],
    { x1: 0.2, y1: 0, x2: 0.5, y2: 1 },
  );
}

/**
 * White-painted Amsterdam sash window in any surface: frame, two sashes with
 * glazing bars, glass that reflects the sky, and the shadow of the reveal.
 */
function sashWindow(s, map, { u, v, w, h, frame = '#f2efe7', glass, rand, bars = [2, 2], curtains = 0.3, sill = true, reveal = 0.3 }) {
  const ft = Math.min(w, h) * 0.085;
  const vm = v + h * 0.52;
  const out = [];
  out.push(poly(quad(map, u - ft * 0.4, v - ft * 0.3, u + w + ft * 0.4, v + h + ft * 0.4), { fill: '#1d1a19', opacity: reveal }));
  out.push(poly(quad(map, u, v, u + w, v + h), { fill: frame }));
  const panes = [
    [u + ft, v + ft, u + w - ft, vm - ft * 0.45],
    [u + ft, vm + ft * 0.45, u + w - ft, v + h - ft],
  ];
  for (const [a0, b0, a1, b1] of panes) {
    out.push(poly(quad(map, a0, b0, a1, b1), { fill: glass }));
    if (rand.chance(curtains)) {
      const cw = (a1 - a0) * rand.range(0.25, 0.4);
      const fill = rand.pick(['#e6dccb', '#d9cfbd', '#c9b8a0', '#efe8da']);
      out.push(poly(quad(map, a0, b0, a0 + cw, b1), { fill, opacity: 0.75 }));
      out.push(poly(quad(map, a1 - cw, b0, a1, b1), { fill, opacity: 0.75 }));
    }
    // Shadow of the top frame and reveal on the glass (light comes from above).
    out.push(poly(quad(map, a0, b1 - (b1 - b0) * 0.16, a1, b1), { fill: '#0b0d10', opacity: 0.28 }));
    const [cols, rows] = bars;
    const bt = ft * 0.32;
    for (let c = 1; c < cols; c += 1) {
      const uc = lerp(a0, a1, c / cols);
      out.push(poly(quad(map, uc - bt / 2, b0, uc + bt / 2, b1), { fill: frame }));
    }
    for (let r = 1; r < rows; r += 1) {
      const vr = lerp(b0, b1, r / rows);
      out.push(poly(quad(map, a0, vr - bt / 2, a1, vr + bt / 2), { fill: frame }));
    }
  }
  out.push(poly(quad(map, u + ft * 0.6, v + h - ft, u + w - ft * 0.6, v + h - ft * 0.6), { fill: '#000', opacity: 0.12 }));
  if (sill) out.push(poly(quad(map, u - ft * 0.5, v - ft * 0.9, u + w + ft * 0.5, v), { fill: shade(frame, -0.12) }));
  return out;
}

/** Shared light/shade gradient across a pantile's S-shaped profile. */
function pantileShade(s) {
  return s.once('pantileShade', () =>
    linearGradient(
      s,
      [
        [0, '#000', 0.32],
        [0.12, '#000', 0.18],
        [0.3, '#000', 0.05],
        [0.48, '#fff', 0.16],
        [0.6, '#fff', 0.22],
        [0.72, '#fff', 0.08],
        [0.86, '#000', 0.12],
        [1, '#000', 0.38],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0 },
    ),
  );
}

/** Outline of one pantile from its lower edge (vb) to its hidden top (vt). */
function pantilePts(map, { ua, vb, vt, tileW, amp, u1 = Infinity, lift = 0 }) {
  const profile = (t) => -Math.sin(2 * Math.PI * t) * amp + lift;
  const pts = [];
  for (let i = 0; i <= 10; i += 1) pts.push(map(Math.min(ua + (i / 10) * tileW * 1.04, u1), vb, profile(i / 10)));
  for (let i = 10; i >= 0; i -= 1) pts.push(map(Math.min(ua + (i / 10) * tileW * 1.04, u1), vt, profile(i / 10)));
  return pts;
}

/**
 * Pantile roof (Hollandse pan) on any plane: rows from the eaves upwards, each
 * tile with an S-shaped profile, a shared light/shade gradient across the wave
 * and a soft shadow from the row above. Hooks let a scene recolour, decorate
 * or leave out single tiles.
 */
function pantileRoof(s, map, opts) {
  const { u0, u1, v0, v1, rand, colors, tileW = 0.21, gauge = 0.3, amp = 0.035 } = opts;
  const { colorAt, skip, before, decorate, shadowPx = 2, shadowOpacity = 0.55, shadeOpacity = 1, edge = 0.04 } = opts;
  const shadeFill = pantileShade(s);
  const profile = (t) => -Math.sin(2 * Math.PI * t) * amp;
  const rowEdge = (vb, dv = 0) => {
    const pts = [];
    for (let u = u0; u <= u1 + 1e-6; u += tileW / 8) {
      const t = (((u - u0) / tileW) % 1 + 1) % 1;
      pts.push(map(u, vb + dv, profile(t)));
    }
    return pts;
  };
  const out = [];
  // Each row shades only the row below it, so all shadows can share one blur.
  const shadows = [];
  const rows = Math.ceil((v1 - v0) / gauge);
  const cols = Math.ceil((u1 - u0) / tileW);
  for (let r = 0; r < rows; r += 1) {
    const vb = v0 + r * gauge;
    const vt = Math.min(vb + gauge * 1.3, v1);
    if (r > 0) shadows.push(pathD([...rowEdge(vb, -gauge * 0.22), ...rowEdge(vb, 0.01).reverse()]));
    for (let c = 0; c < cols; c += 1) {
      const ua = u0 + c * tileW;
      if (before) out.push(before(r, c, ua, vb, vt));
      if (skip && skip(r, c)) continue;
      const pts = pantilePts(map, { ua, vb, vt, tileW, amp, u1 });
      const fill = colorAt ? colorAt(r, c, ua, vb) : vary(rand, rand.pick(colors), 0.07);
      out.push(poly(pts, { fill }), poly(pts, { fill: shadeFill, opacity: shadeOpacity }));
      if (decorate) out.push(decorate(r, c, ua, vb, vt));
    }
    if (edge) out.push(line(rowEdge(vb, 0.004), { stroke: '#fff', 'stroke-opacity': edge, 'stroke-width': 0.8 }));
  }
  out.push(tag('path', { d: shadows.join(''), fill: '#170d0a', opacity: shadowOpacity, filter: blur(s, shadowPx) }));
  return out;
}

/**
 * Natural slate or flat tiles: staggered rectangles, each row shading the one
 * below. An optional `slate` hook paints single slates (worn, slipped, missing).
 */
function slateRoof(s, map, { u0, u1, v0, v1, rand, colors, slateW = 0.25, gauge = 0.11, gap = 0.006, shadowPx = 1.5, edge = 0.1, slate }) {
  const out = [];
  const shadows = [];
  const rows = Math.ceil((v1 - v0) / gauge);
  out.push(poly(quad(map, u0, v0, u1, v1), { fill: shade(colors[0], -0.4) }));
  for (let r = 0; r < rows; r += 1) {
    const vb = v0 + r * gauge;
    const vt = Math.min(vb + gauge * 1.6, v1);
    if (r > 0) shadows.push(pathD(quad(map, u0, vb - gauge * 0.25, u1, vb + 0.005)));
    let u = u0 - (r % 2 ? slateW / 2 : 0) - rand.range(0, slateW * 0.3);
    while (u < u1) {
      const w = slateW * rand.range(0.8, 1.2);
      const a = Math.max(u, u0);
      const b = Math.min(u + w - gap, u1);
      if (b > a) {
        // The fill is drawn even when a hook paints the slate, so both use the same random stream.
        const fill = vary(rand, rand.pick(colors), 0.06);
        out.push(slate ? slate({ r, a, b, vb, vt, fill }) : poly(quad(map, a, vb, b, vt), { fill }));
      }
      u += w;
    }
    if (edge) out.push(line([map(u0, vb + 0.003), map(u1, vb + 0.003)], { stroke: '#fff', 'stroke-opacity': edge, 'stroke-width': 0.7 }));
  }
  out.push(tag('path', { d: shadows.join(''), fill: '#0c0d10', opacity: 0.5, filter: blur(s, shadowPx) }));
  return out;
}

/** Brick wall in stretcher bond with recessed joints, for close-up views. */
function brickWall(s, map, { u0, u1, v0, v1, rand, colors, mortar = '#8d847a', L = 0.21, H = 0.052, joint = 0.011, jointShadow = 0.35 }) {
  const out = [poly(quad(map, u0, v0, u1, v1), { fill: mortar })];
  const course = H + joint;
  for (let r = 0, v = v0; v < v1; r += 1, v += course) {
    let u = u0 - (r % 2 ? L / 2 : 0) - joint;
    const top = Math.min(v + H, v1);
    while (u < u1) {
      const a = Math.max(u + joint, u0);
      const b = Math.min(u + L + joint, u1);
      if (b > a) out.push(poly(quad(map, a, v, b, top), { fill: vary(rand, rand.pick(colors), 0.07) }));
      u += L + joint;
    }
    if (jointShadow && top < v1) {
      out.push(poly(quad(map, u0, top, u1, top + joint * 0.45), { fill: '#000', opacity: jointShadow * 0.5 }));
    }
  }
  return out;
}

/** Repeating brick texture for walls seen from a distance (cheap, thousands of bricks). */
function brickPattern(s, { rand, scale, colors, mortar, L = 0.22, H = 0.065, cols = 7, rows = 10 }) {
  const id = s.id('bp');
  const bw = L * scale;
  const bh = H * scale;
  const jt = Math.max(0.35, bh * 0.18);
  const parts = [rect(0, 0, bw * cols, bh * rows, { fill: mortar })];
  for (let r = 0; r < rows; r += 1) {
    for (let c = -1; c <= cols; c += 1) {
      const x = c * bw + (r % 2 ? bw / 2 : 0);
      parts.push(rect(x + jt / 2, r * bh + jt / 2, bw - jt, bh - jt, { fill: vary(rand, rand.pick(colors), 0.09) }));
    }
  }
  s.def(tag('pattern', { id, patternUnits: 'userSpaceOnUse', width: bw * cols, height: bh * rows }, parts.join('')));
  return `url(#${id})`;
}

/**
 * Overlapping horizontal weatherboards (potdekselwerk) on a wall plane: each
 * board throws a thin shadow line on the one below and catches light at its edge.
 */
function weatherboards(map, { u0, u1, v0, v1, board = 0.17, clipTop }) {
  const out = [];
  for (let v = v0 + board; v < v1; v += board) {
    const a = clipTop ? Math.max(u0, clipTop(v).lo) : u0;
    const b = clipTop ? Math.min(u1, clipTop(v).hi) : u1;
    if (b <= a) continue;
    out.push(line([map(a, v), map(b, v)], { stroke: '#000', 'stroke-opacity': 0.35, 'stroke-width': 1.6 }));
    out.push(line([map(a, v - 0.02), map(b, v - 0.02)], { stroke: '#fff', 'stroke-opacity': 0.12, 'stroke-width': 1 }));
  }
  return out;
}

/** Gradient stops for new zinc: a sharp sky highlight, dark core, reflected light at the edge. */
const ZINC = [
  [0, '#4d555c'],
  [0.12, '#aab3ba'],
  [0.24, '#eef2f4'],
  [0.34, '#b4bdc4'],
  [0.6, '#7b858d'],
  [0.82, '#4f575e'],
  [0.93, '#8d979f'],
  [1, '#59626a'],
];

/** Zinc half-round gutter seen from the front: a shaded tube along a line. */
function tube(s, a, b, r, { colors = ['#5d656d', '#c9d0d6', '#8c959d', '#4c535a'] } = {}) {
  const [ax, ay] = a;
  const [bx, by] = b;
  const len = Math.hypot(bx - ax, by - ay);
  const nx = -(by - ay) / len;
  const ny = (bx - ax) / len;
  const fill = linearGradient(
    s,
    [
      [0, colors[3]],
      [0.25, colors[1]],
      [0.45, colors[2]],
      [0.8, colors[0]],
      [1, colors[3]],
    ],
    { x1: ax - nx * r, y1: ay - ny * r, x2: ax + nx * r, y2: ay + ny * r, user: true },
  );
  return poly([[ax - nx * r, ay - ny * r], [bx - nx * r, by - ny * r], [bx + nx * r, by + ny * r], [ax + nx * r, ay + ny * r]], { fill });
}

/**
 * Cylinder in the world (rolls of roofing, gas bottles, pipes): silhouette from
 * the hull of both end circles, shaded across its width, with the end facing
 * the camera drawn as a lighter disc.
 */
function cylinder(s, cam, { base, axis, r, len, color, bands = [], cap, light = 0.35, stops }) {
  const a = v3.norm(axis);
  const ref = Math.abs(a[1]) > 0.9 ? [1, 0, 0] : [0, 1, 0];
  const e1 = v3.norm(v3.cross(a, ref));
  const e2 = v3.cross(a, e1);
  const circle = (t) => {
    const c = v3.add(base, v3.scale(a, t));
    const pts = [];
    for (let i = 0; i < 24; i += 1) {
      const ang = (i / 24) * Math.PI * 2;
      pts.push(cam(v3.add(c, v3.add(v3.scale(e1, Math.cos(ang) * r), v3.scale(e2, Math.sin(ang) * r)))));
    }
    return pts;
  };
  const c0 = cam(base);
  const c1 = cam(v3.add(base, v3.scale(a, len)));
  let nx = -(c1[1] - c0[1]);
  let ny = c1[0] - c0[0];
  const nl = Math.hypot(nx, ny) || 1;
  nx /= nl;
  ny /= nl;
  if (nx < 0) {
    nx = -nx;
    ny = -ny;
  }
  const ends = [circle(0), circle(len)];
  const body = hull([...ends[0], ...ends[1]]);
  const proj = body.map(([x, y]) => (x - c0[0]) * nx + (y - c0[1]) * ny);
  const lo = Math.min(...proj);
  const hi = Math.max(...proj);
  const gradFor = (c) =>
    linearGradient(
      s,
      stops ?? [
        [0, shade(c, light * 0.4)],
        [0.3, shade(c, light)],
        [0.55, c],
        [0.9, shade(c, -0.45)],
        [1, shade(c, -0.3)],
      ],
      { x1: c0[0] + nx * lo, y1: c0[1] + ny * lo, x2: c0[0] + nx * hi, y2: c0[1] + ny * hi, user: true },
    );
  const out = [poly(body, { fill: gradFor(color) })];
  for (const [t0, t1, bc] of bands) out.push(poly(hull([...circle(t0 * len), ...circle(t1 * len)]), { fill: gradFor(bc) }));
  // The end nearer to the camera is the visible one.
  const eye = cam.eye;
  const d0 = v3.dot(v3.sub(base, eye), v3.sub(base, eye));
  const endPt = v3.add(base, v3.scale(a, len));
  const d1 = v3.dot(v3.sub(endPt, eye), v3.sub(endPt, eye));
  if (cap) out.push(poly(d0 < d1 ? ends[0] : ends[1], { fill: cap }));
  return out;
}

/** Flat roof edge: upstand covered in roofing, capped with an aluminium trim. */
function roofEdge(s, cam, { from, to, h = 0.32, inward, surface = '#2d2f33' }) {
  const dir = v3.sub(to, from);
  const len = Math.hypot(...dir);
  const u = v3.scale(dir, 1 / len);
  const face = planeMap(cam, v3.add(from, v3.scale(inward, 0.04)), u, [0, 1, 0]);
  const top = planeMap(cam, v3.add(from, [0, h, 0]), u, v3.scale(inward, 1));
  return [
    poly(quad(face, 0, 0, len, h - 0.04), { fill: linearGradient(s, [[0, shade(surface, -0.3)], [1, shade(surface, 0.08)]]) }),
    poly(quad(face, 0, h - 0.06, len, h + 0.02), { fill: '#9aa3ab' }),
    poly(quad(top, 0, -0.03, len, 0.14), { fill: linearGradient(s, [[0, '#e3e8ec'], [1, '#b9c1c8']]) }),
    line([top(0, 0.14), top(len, 0.14)], { stroke: '#7f8890', 'stroke-width': 1 }),
  ];
}

/**
 * Rectangular rooflight (lichtkoepel): an upstand box with an opal acrylic dome
 * whose silhouette is the hull of sampled dome points.
 */
function rooflight(s, cam, { cx, cz, w, d, h = 0.35, dome = 0.35, dirt }) {
  const out = [];
  const x0 = cx - w / 2;
  const x1 = cx + w / 2;
  const z0 = cz - d / 2;
  const z1 = cz + d / 2;
  const front = planeMap(cam, [x0, 0, z0], [1, 0, 0], [0, 1, 0]);
  const side = cam.eye[0] > x1 ? planeMap(cam, [x1, 0, z0], [0, 0, 1], [0, 1, 0]) : planeMap(cam, [x0, 0, z0], [0, 0, 1], [0, 1, 0]);
  out.push(group({ filter: blur(s, 5), opacity: 0.5 }, poly([cam([x0, 0, z0]), cam([x1 + 0.5, 0, z0 - 0.1]), cam([x1 + 0.7, 0, z1 + 0.3]), cam([x0, 0, z1])], { fill: '#000' })));
  out.push(poly(quad(side, 0, 0, d, h), { fill: '#3a3c40' }));
  out.push(poly(quad(front, 0, 0, w, h), { fill: linearGradient(s, [[0, '#55585d'], [1, '#2c2e32']]) }));
  out.push(poly(quad(front, -0.03, h - 0.05, w + 0.03, h + 0.03), { fill: '#d9dde0' }));
  const pts = [];
  for (let i = -1; i <= 1.001; i += 0.1) {
    for (let j = -1; j <= 1.001; j += 0.1) {
      const m = Math.max(Math.abs(i), Math.abs(j));
      pts.push(cam([cx + (i * w) / 2, h + 0.03 + dome * Math.sqrt(Math.max(0, 1 - m ** 4)), cz + (j * d) / 2]));
    }
  }
  const domePts = hull(pts);
  const xs = domePts.map((p) => p[0]);
  const ys = domePts.map((p) => p[1]);
  const [mx0, mx1, my0, my1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  out.push(poly(domePts, { fill: radialGradient(s, [[0, '#f7f9fa'], [0.45, '#d3dce2'], [0.8, '#a7b4be'], [1, '#8796a2']], { cx: 0.35, cy: 0.25, r: 0.85 }) }));
  // Old acrylic turns yellow-brown and dull.
  if (dirt) out.push(poly(domePts, { fill: dirt, opacity: 0.5 }));
  out.push(ellipse(mx0 + (mx1 - mx0) * 0.36, my0 + (my1 - my0) * 0.3, (mx1 - mx0) * 0.14, (my1 - my0) * 0.12, { fill: '#fff', opacity: 0.8, filter: blur(s, 2) }));
  out.push(line([[mx0 + 2, my1 - 3], [mx1 - 2, my1 - 3]], { stroke: '#7d8890', 'stroke-width': 1.5, 'stroke-opacity': 0.6 }));
  return out;
}

/** Gravel and weathering specks scattered over a roof plane, sized by distance. */
function specks(cam, rand, { x0, x1, z0, z1, y = 0, count, colors, size = 0.015 }) {
  const out = [];
  for (let i = 0; i < count; i += 1) {
    const z = z0 + (z1 - z0) * rand.next() ** 1.6;
    const p = [rand.range(x0, x1), y, z];
    const [sx, sy] = cam(p);
    const r = Math.abs(cam([p[0] + size, y, z])[0] - sx);
    if (r > 0.3) out.push(ellipse(sx, sy, r, r * 0.55, { fill: rand.pick(colors) }));
  }
  return out;
}

// ---------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------

/**
 * Kneeling roofer in work clothes (navy, orange hi-vis vest) and helmet, facing
 * right, drawn in a local box about 100 units high with the knee at (0, 0).
 */
function roofer(x, y, size, { flip = false, helmet = '#f4f4ef', jacket = '#26324a', vest = '#e0782d', tool = 'gun', skin = '#c98f6c', angle = 0 } = {}) {
  const k = size / 100;
  const limb = (pts, width, color) =>
    line(pts, { stroke: color, 'stroke-width': width, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
  const trousers = '#2a2f38';
  const boot = '#2b211a';
  const parts = [
    ellipse(30, 1, 50, 4.5, { fill: '#000', opacity: 0.3 }),
    // back leg: knee on the ground, shin flat behind
    limb([[30, -38], [20, -6]], 16, shade(trousers, -0.15)),
    limb([[20, -6], [-8, -5]], 13, shade(trousers, -0.15)),
    poly([[-6, -11], [-20, -10], [-22, 0], [-4, 0]], { fill: boot }),
    // far arm behind the body
    limb([[56, -76], [74, -58], [92, -44]], 9, shade(jacket, -0.35)),
    // front leg: thigh forward, shin straight down
    limb([[34, -40], [64, -38]], 16, trousers),
    limb([[64, -38], [66, -8]], 13, trousers),
    poly([[58, -10], [72, -10], [82, -4], [82, 0], [58, 0]], { fill: boot }),
    // torso: navy jacket with an orange vest and reflective stripes
    poly([[20, -44], [44, -34], [74, -70], [66, -84], [50, -88]], { fill: jacket }),
    poly([[24, -45], [43, -37], [70, -70], [63, -81], [49, -84]], { fill: vest }),
    poly([[28, -54], [48, -46], [51, -51], [31, -59]], { fill: '#d8dcdf' }),
    poly([[38, -68], [60, -59], [63, -64], [41, -73]], { fill: '#d8dcdf' }),
    poly([[20, -44], [44, -34], [46, -39], [23, -49]], { fill: '#1d1f24' }),
    // near arm reaching down to the work
    limb([[60, -78], [78, -60], [95, -46]], 10, jacket),
    ellipse(96, -45, 5.5, 5, { fill: '#3f444c' }),
    // head (looking down at the work) and helmet with brim
    ellipse(78, -88, 8.5, 9.5, { fill: skin }),
    ellipse(74, -90, 6, 8, { fill: shade(skin, -0.25) }),
    tag('path', { d: 'M64 -92 Q64 -110 78 -111 Q92 -110 91 -93 Z', fill: helmet }),
    tag('path', { d: 'M62 -93 L94 -92', stroke: shade(helmet, -0.25), 'stroke-width': 3.5, 'stroke-linecap': 'round' }),
    tag('path', { d: 'M70 -106 Q76 -109 82 -108', stroke: '#fff', 'stroke-opacity': 0.6, 'stroke-width': 2, fill: 'none' }),
  ];
  if (tool === 'gun') {
    parts.push(limb([[90, -52], [110, -36]], 7, '#c4c7cb'), limb([[108, -37], [117, -30]], 3, '#dd6a2a'), limb([[90, -52], [84, -58]], 3, '#8d9196'));
  } else if (tool === 'torch') {
    parts.push(limb([[90, -48], [124, -14]], 3.5, '#8a8f95'), ellipse(128, -10, 6, 4, { fill: '#7fb2ff', opacity: 0.8 }), ellipse(132, -7, 9, 5, { fill: '#ffb347', opacity: 0.5 }));
  } else if (tool === 'trowel') {
    parts.push(poly([[96, -46], [112, -40], [104, -34]], { fill: '#a8aeb5' }));
  }
  const transform = `translate(${fmt(x)} ${fmt(y)}) rotate(${angle}) scale(${flip ? -k : k} ${k})`;
  return group({ transform }, parts);
}

/** Work glove gripping an edge, fingers pointing left, drawn around (0, 0). */
function glove(s, x, y, size, angle = 0) {
  const k = size / 100;
  const g = '#66707a';
  const sleeve = linearGradient(s, [[0, '#34425e'], [0.5, '#26324a'], [1, '#161d2c']], { x1: 0, y1: 0, x2: 0.4, y2: 1 });
  const parts = [
    // sleeve leaving the frame, then the orange cuff
    tag('path', { d: 'M28 -22 C120 -36 250 -6 400 60 L350 210 C240 130 120 80 18 42 Z', fill: sleeve }),
    tag('path', { d: 'M40 -20 C130 -32 250 -2 392 64', stroke: '#fff', 'stroke-opacity': 0.12, 'stroke-width': 8, fill: 'none' }),
    tag('path', { d: 'M110 6 C140 24 156 46 164 70 M200 24 C230 46 240 76 242 100', stroke: '#000', 'stroke-opacity': 0.22, 'stroke-width': 4, fill: 'none', 'stroke-linecap': 'round' }),
    tag('path', { d: 'M12 -24 C26 -26 38 -22 44 -16 L34 44 C26 48 14 46 4 40 Z', fill: '#d9742c' }),
    // back of the hand
    tag('path', { d: 'M14 -22 C-6 -34 -40 -30 -56 -18 C-62 0 -58 16 -50 24 C-30 32 -6 36 10 38 Z', fill: g }),
    // fingers curled over the tile, the lowest one shortest
    ...[[-18, 30], [-6, 34], [6, 32], [18, 26]].map(([dy, len], i) =>
      tag('path', { d: `M-46 ${dy - 5} C${-46 - len * 0.6} ${dy - 9} ${-46 - len} ${dy - 4} ${-46 - len} ${dy + 1} C${-46 - len} ${dy + 6} ${-46 - len * 0.6} ${dy + 8} -46 ${dy + 6} Z`, fill: shade(g, 0.06 - i * 0.05) }),
    ),
    // thumb underneath, mostly hidden
    tag('path', { d: 'M-10 30 C-24 42 -44 44 -56 38 C-46 30 -30 26 -14 22 Z', fill: shade(g, -0.25) }),
    tag('path', { d: 'M4 -16 C-14 -24 -34 -22 -48 -12', stroke: '#fff', 'stroke-opacity': 0.2, 'stroke-width': 4, fill: 'none', 'stroke-linecap': 'round' }),
  ];
  return group({ transform: `translate(${fmt(x)} ${fmt(y)}) rotate(${angle}) scale(${k})` }, parts);
}

// ---------------------------------------------------------------------------
// Amsterdam canal houses (front view), used by the hero image
// ---------------------------------------------------------------------------

const BRICK = {
  darkRed: ['#6f2e22', '#7a3526', '#652a20', '#83402e', '#5e281f'],
  orange: ['#9a4a31', '#a65538', '#8e422c', '#b3623f', '#a04b2f'],
  purple: ['#5a3430', '#643a36', '#502d2a', '#6e433b', '#4c2b29'],
  brown: ['#7b4a33', '#85543a', '#6f412d', '#8f5c40'],
};

const DOOR_COLOURS = ['#1f3a2e', '#17211c', '#5a1f1b', '#1e2a3a', '#2b3b2a'];

/** Outline of a facade plus its gable, in metres from the bottom-left corner. */
function gableOutline({ gable, w, H, gh, steps = 4 }) {
  const mirror = (left) => [...left, ...left.map(([u, v]) => [w - u, v]).reverse()];
  if (gable === 'step') {
    const sw = (w * 0.74) / 2 / steps;
    const sh = gh / (steps + 1.1);
    const left = [[0, 0], [0, H]];
    for (let i = 0; i < steps; i += 1) left.push([i * sw, H + (i + 1) * sh], [(i + 1) * sw, H + (i + 1) * sh]);
    left.push([steps * sw, H + gh]);
    return mirror(left);
  }
  if (gable === 'neck') {
    const a = w * 0.29;
    return mirror([[0, 0], [0, H], [a, H], [a, H + gh * 0.84]]);
  }
  if (gable === 'bell') {
    const a = w * 0.25;
    const left = [[0, 0], [0, H]];
    left.push(...bezier([0, H], [a * 0.9, H + gh * 0.03], [a, H + gh * 0.3], [a, H + gh * 0.5]).slice(1));
    left.push(...bezier([a, H + gh * 0.5], [a, H + gh * 0.85], [w / 2 - w * 0.18, H + gh], [w / 2, H + gh]).slice(1, -1));
    return mirror(left);
  }
  return [[0, 0], [0, H], [w, H], [w, 0]];
}

/** Stone trim that belongs to each gable type (copings, claw pieces, pediments). */
function gableTrim(map, { gable, w, H, gh, steps = 4 }, trim, scale) {
  const out = [];
  const stone = { fill: trim };
  if (gable === 'step') {
    const sw = (w * 0.74) / 2 / steps;
    const sh = gh / (steps + 1.1);
    for (let i = 0; i < steps; i += 1) {
      const v = H + (i + 1) * sh;
      out.push(poly(quad(map, i * sw - 0.08, v - 0.05, (i + 1) * sw + 0.05, v + 0.14), stone));
      out.push(poly(quad(map, w - (i + 1) * sw - 0.05, v - 0.05, w - i * sw + 0.08, v + 0.14), stone));
    }
    out.push(poly(quad(map, steps * sw - 0.1, H + gh - 0.05, w - steps * sw + 0.1, H + gh + 0.16), stone));
    out.push(ellipsePts(map, w / 2, H + gh + 0.42, 0.24, 0.28, stone));
  } else if (gable === 'neck') {
    const a = w * 0.29;
    const top = H + gh * 0.84;
    const claw = [[-0.05, H], ...bezier([0.05, H + 0.15], [a * 0.6, H + 0.2], [a * 0.7, H + gh * 0.4], [a, H + gh * 0.62]), [a, H]];
    out.push(ellipsePts(map, 0.2, H + 0.3, 0.2, 0.2, stone), ellipsePts(map, w - 0.2, H + 0.3, 0.2, 0.2, stone));
    out.push(poly(mapPts(map, claw), stone));
    out.push(poly(mapPts(map, claw.map(([u, v]) => [w - u, v])), stone));
    out.push(poly(quad(map, a - 0.15, top - 0.1, w - a + 0.15, top + 0.12), stone));
    out.push(poly(mapPts(map, [[a - 0.1, top + 0.12], [w / 2, H + gh], [w - a + 0.1, top + 0.12]]), stone));
  } else if (gable === 'bell') {
    const outline = gableOutline({ gable, w, H, gh }).slice(2, -2);
    out.push(line(mapPts(map, outline), { stroke: trim, 'stroke-width': 0.16 * scale, 'stroke-linejoin': 'round' }));
    out.push(ellipsePts(map, w / 2, H + gh + 0.3, 0.3, 0.32, stone));
  } else if (gable === 'cornice') {
    out.push(poly(quad(map, -0.15, H, w + 0.15, H + 0.75), stone));
    out.push(poly(quad(map, -0.15, H + 0.05, w + 0.15, H + 0.2), { fill: '#000', opacity: 0.18 }));
    for (let u = 0.1; u < w - 0.1; u += 0.45) out.push(poly(quad(map, u, H + 0.2, u + 0.16, H + 0.34), { fill: '#000', opacity: 0.15 }));
  }
  return out;
}

function ellipsePts(map, cu, cv, ru, rv, a) {
  const pts = [];
  for (let i = 0; i < 16; i += 1) {
    const t = (i / 16) * Math.PI * 2;
    pts.push(map(cu + Math.cos(t) * ru, cv + Math.sin(t) * rv));
  }
  return poly(pts, a);
}

/** Hoisting beam with its hook, sticking out just below the top of the gable. */
function hoistBeam(map, u, v) {
  return [
    poly(quad(map, u - 0.13, v, u + 0.13, v + 0.32), { fill: '#2a2019' }),
    line([map(u, v), map(u, v - 0.55)], { stroke: '#1d1a17', 'stroke-width': 1 }),
    line([map(u - 0.06, v - 0.5), map(u, v - 0.58), map(u + 0.06, v - 0.5)], { stroke: '#1d1a17', 'stroke-width': 1 }),
  ];
}

/** One canal house: wall, gable trim, windows, door and warm afternoon light. */
function canalHouse(s, baseMap, spec, rand, { scale, glass }) {
  const { x, w, floors, gable, gh = 0, trim = '#ece6d8' } = spec;
  const map = (u, v, n) => baseMap(x + u, v, n);
  const H = floors.reduce((a, b) => a + b, 0);
  const outline = mapPts(map, gableOutline({ ...spec, H }));
  const out = [];
  const wallFill = spec.paint ?? brickPattern(s, { rand, scale, colors: BRICK[spec.brick], mortar: spec.mortar ?? '#8a7f73' });
  out.push(poly(outline, { fill: wallFill, filter: mottle(s, { freq: 0.035, dark: spec.paint ? 0.05 : 0.12, light: 0.05, seed: rand.int(1, 99) }) }));

  if (spec.bands) {
    let vb = 0;
    for (const fh of floors.slice(0, -1)) {
      vb += fh;
      out.push(poly(quad(map, 0, vb - 0.1, w, vb + 0.05), { fill: trim, opacity: 0.9 }));
    }
  }

  // Upper-floor windows: tall sashes with a lintel above each.
  let vb = floors[0];
  floors.slice(1).forEach((fh, k) => {
    const n = spec.windows;
    const ww = n >= 4 ? w * 0.15 : n === 3 ? w * 0.19 : w * 0.25;
    const gap = (w - n * ww) / (n + 1);
    const wh = fh * (0.64 - k * 0.03);
    for (let i = 0; i < n; i += 1) {
      const u = gap + i * (ww + gap);
      const v = vb + fh * 0.2;
      out.push(poly(quad(map, u - 0.12, v + wh + 0.05, u + ww + 0.12, v + wh + 0.3), { fill: spec.lintel ?? trim, opacity: 0.85 }));
      out.push(...sashWindow(s, map, { u, v, w: ww, h: wh, glass, rand, bars: [2, rand.pick([2, 3])] }));
    }
    vb += fh;
  });

  // Ground floor: raised door (stoep) with a fanlight, big windows, basement lights.
  const g = floors[0];
  const doorW = Math.min(1.2, w * 0.2);
  const doorU = spec.door === 'left' ? w * 0.1 : spec.door === 'center' ? (w - doorW) / 2 : w * 0.9 - doorW;
  const doorColour = spec.doorColour ?? rand.pick(DOOR_COLOURS);
  out.push(poly(quad(map, doorU - 0.15, 0.75, doorU + doorW + 0.15, g * 0.92), { fill: trim }));
  out.push(poly(quad(map, doorU, 0.8, doorU + doorW, g * 0.7), { fill: doorColour }));
  out.push(poly(quad(map, doorU + 0.12, 0.95, doorU + doorW - 0.12, g * 0.66), { fill: '#000', opacity: 0.15 }));
  out.push(poly(quad(map, doorU + 0.05, g * 0.72, doorU + doorW - 0.05, g * 0.88), { fill: glass }));
  for (let i = 0; i < 3; i += 1) {
    const st = 0.75 - i * 0.25;
    out.push(poly(quad(map, doorU - 0.3 - i * 0.12, st - 0.25, doorU + doorW + 0.3 + i * 0.12, st), { fill: shade('#8f8a82', -i * 0.08) }));
  }
  const free = spec.door === 'center' ? [[0.3, doorU - 0.4], [doorU + doorW + 0.4, w - 0.3]] : spec.door === 'left' ? [[doorU + doorW + 0.5, w - 0.4]] : [[0.4, doorU - 0.5]];
  for (const [a, b] of free) {
    const n = Math.max(1, Math.round((b - a) / 1.7));
    const ww = (b - a) / n - 0.3;
    for (let i = 0; i < n; i += 1) {
      const u = a + i * (ww + 0.3) + 0.15;
      out.push(...sashWindow(s, map, { u, v: 1.2, w: ww, h: g * 0.56, glass, rand, bars: [3, 2], curtains: 0.5 }));
      out.push(poly(quad(map, u + 0.1, 0.12, u + ww - 0.1, 0.7), { fill: '#16191c', opacity: 0.85 }));
      if (spec.shutters) {
        out.push(poly(quad(map, u - 0.45, 1.2, u - 0.08, 1.2 + g * 0.56), { fill: spec.shutters }));
        out.push(poly(quad(map, u + ww + 0.08, 1.2, u + ww + 0.45, 1.2 + g * 0.56), { fill: spec.shutters }));
      }
    }
  }

  // Gable: small windows, loft hatch and the hoisting beam.
  if (gable !== 'cornice') {
    const gw = w * 0.16;
    if (gable === 'step') {
      out.push(...sashWindow(s, map, { u: w / 2 - gw * 1.3, v: H + 0.35, w: gw, h: gh * 0.3, glass, rand, bars: [2, 2] }));
      out.push(...sashWindow(s, map, { u: w / 2 + gw * 0.3, v: H + 0.35, w: gw, h: gh * 0.3, glass, rand, bars: [2, 2] }));
    } else {
      out.push(...sashWindow(s, map, { u: w / 2 - gw / 2, v: H + 0.3, w: gw, h: gh * 0.3, glass, rand, bars: [2, 2] }));
    }
    const hv = H + gh * (gable === 'step' ? 0.52 : 0.5);
    out.push(poly(quad(map, w / 2 - gw * 0.45, hv, w / 2 + gw * 0.45, hv + gh * 0.2), { fill: spec.hatch ?? '#3a2f26' }));
    out.push(...hoistBeam(map, w / 2, hv + gh * 0.26));
  } else {
    out.push(...hoistBeam(map, w / 2, H - 0.35));
  }
  out.push(...gableTrim(map, { ...spec, H }, trim, scale));

  // Light: warm from the upper left, darker towards the street and the party walls.
  const light = s.once('houseLight', () =>
    linearGradient(s, [
      [0, '#ffd7a0', 0.22],
      [0.45, '#ffd7a0', 0.06],
      [0.75, '#1b2030', 0.08],
      [1, '#1b2030', 0.3],
    ]),
  );
  const sides = s.once('houseSides', () =>
    linearGradient(
      s,
      [
        [0, '#fff3de', 0.1],
        [0.1, '#fff3de', 0],
        [0.88, '#10131a', 0],
        [1, '#10131a', 0.28],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0 },
    ),
  );
  out.push(poly(outline, { fill: light }), poly(outline, { fill: sides }));
  return out;
}

/** Pitched roof seen over a cornice, with dormer, ladder and chimney; drawn before the facade. */
function cornicedRoof(s, map, spec, rand, SC, glass) {
  const { x, w, floors } = spec;
  const base = floors.reduce((a, b) => a + b, 0) + 0.7;
  const slope = 0.62;
  const roofMap = (u, v, n = 0) => map(x + u, base + v * slope + n * 0.8);
  const len = 4.2;
  const out = [];
  out.push(...pantileRoof(s, roofMap, { u0: -0.1, u1: w + 0.1, v0: 0, v1: len, rand, colors: ['#2f3033', '#38393d', '#2a2b2f', '#3f3f42'], shadowPx: 1.2, edge: 0.08 }));
  out.push(poly(quad(roofMap, -0.1, len - 0.05, w + 0.1, len + 0.25), { fill: '#26272a' }));
  // chimney on the ridge
  const [c0, c1] = [w * 0.8, w * 0.8 + 0.7];
  out.push(poly(quad((u, v) => map(x + u, v), c0, base + len * slope - 0.2, c1, base + len * slope + 1.2), { fill: '#6b3a2d' }));
  out.push(poly(quad((u, v) => map(x + u, v), c0 - 0.08, base + len * slope + 1.1, c1 + 0.08, base + len * slope + 1.25), { fill: '#cfc8bc' }));
  // dormer: front face straight up from the roof, flat zinc-edged top
  const d0 = w / 2 - 1.25;
  const d1 = w / 2 + 1.25;
  const db = base + 0.45 * slope;
  const fm = (u, v) => map(x + u, v);
  out.push(group({ filter: blur(s, 2), opacity: 0.45 }, poly([fm(d1, db), fm(d1, db + 1.9), fm(d1 + 0.7, db + 1.6), fm(d1 + 0.7, db + 0.1)], { fill: '#111' })));
  out.push(poly(quad(fm, d0, db, d1, db + 1.9), { fill: '#ebe6dc' }));
  out.push(...sashWindow(s, fm, { u: d0 + 0.3, v: db + 0.25, w: d1 - d0 - 0.6, h: 1.35, glass, rand, bars: [3, 1], sill: false }));
  out.push(poly(quad(fm, d0 - 0.12, db + 1.9, d1 + 0.12, db + 2.08), { fill: '#8e969d' }));
  // roof ladder hooked over the ridge
  const l0 = w * 0.08;
  const rails = [l0, l0 + 0.45].map((lu) => line([roofMap(lu, 0.3, 0.08), roofMap(lu, len, 0.08)], { stroke: '#b7b0a3', 'stroke-width': 1.3 }));
  const rungs = [];
  for (let v = 0.5; v < len; v += 0.32) rungs.push(line([roofMap(l0, v, 0.08), roofMap(l0 + 0.45, v, 0.08)], { stroke: '#a59f93', 'stroke-width': 1 }));
  out.push(...rails, ...rungs);
  return out;
}

// ---------------------------------------------------------------------------
// Scenes: one function per image, each returning a Scene
// ---------------------------------------------------------------------------

/** Home hero: canal houses across the water in late-afternoon light, a roofer at work. */
function homeHero() {
  const s = new Scene(1600, 900, 1601);
  const { rand } = s;
  const SC = 30;
  const STREET = 655;
  const WATER = 692;
  const FAR_QUAY = 617;
  const FAR_WATER = 626;
  const glass = glassFill(s, '#6b7f8f');

  s.add(
    sky(
      s,
      [
        [0, '#6a8db2'],
        [0.3, '#94afc8'],
        [0.52, '#c3cbcc'],
        [0.66, '#ead2ae'],
        [0.72, '#efcc9e'],
      ],
      { x: 300, y: 420, r: 560, color: '#fff1d6', opacity: 0.6 },
    ),
    clouds(s, rand, { count: 3, x: [800, 1500], y: [80, 220], size: [130, 200], lit: '#fff4e6', shadow: '#bdb8bd', opacity: 0.75, blurPx: 6 }),
    clouds(s, rand, { count: 3, x: [0, 650], y: [170, 360], size: [120, 180], lit: '#fff4e4', shadow: '#ddd5d0', opacity: 0.4, blurPx: 10, flat: 0.5 }),
  );

  // Far side: a hazy row of houses behind an arched bridge where the canal bends.
  const farMap = flatMap(0, FAR_QUAY, 10);
  const far = [];
  let u = -3;
  while (u < 64) {
    const w = rand.range(5, 7.2);
    const floors = rand.chance(0.5) ? [3.6, 3, 2.9] : [3.6, 3, 2.9, 2.7];
    const gable = rand.pick(['step', 'neck', 'bell', 'cornice', 'neck']);
    const spec = { x: u, w, floors, gable, gh: gable === 'cornice' ? 0 : rand.range(3.8, 4.6), brick: rand.pick(Object.keys(BRICK)), windows: w > 6 ? 3 : 2, door: rand.pick(['left', 'right']) };
    if (rand.chance(0.2)) spec.paint = rand.pick(['#d6cdbd', '#c9c1b3', '#e0d8c8']);
    far.push(...canalHouse(s, farMap, spec, rand, { scale: 10, glass }));
    u += w;
  }
  far.push(rect(0, FAR_QUAY, 700, FAR_WATER - FAR_QUAY, { fill: '#5e5248' }));
  far.push(...trees(s, rand, { items: [{ x: 90, y: 566, r: 40, base: FAR_QUAY }, { x: 250, y: 570, r: 34, base: FAR_QUAY }, { x: 480, y: 566, r: 44, base: FAR_QUAY }], colors: ['#2f3b2a', '#4b5a37', '#7d8a55'], leafFreq: 0.35 }));
  // Bridge: brick arches with a stone edge and railing, a little less hazy than the houses.
  const bridge = [poly([[20, 596], [640, 596], [640, FAR_WATER], [20, FAR_WATER]], { fill: '#7b4f3c' })];
  for (const cx of [140, 300, 460]) {
    bridge.push(tag('path', { d: `M${cx - 58} ${FAR_WATER}V615A58 22 0 0 1 ${cx + 58} 615V${FAR_WATER}Z`, fill: '#2a2c2c' }));
    bridge.push(tag('path', { d: `M${cx - 58} 615A58 22 0 0 1 ${cx + 58} 615`, fill: 'none', stroke: '#d9d0c0', 'stroke-width': 2 }));
  }
  bridge.push(rect(20, 592, 620, 5, { fill: '#d8d1c4' }), line([[20, 584], [640, 584]], { stroke: '#2b2b2b', 'stroke-width': 1.5 }));
  for (let x = 24; x < 640; x += 14) bridge.push(line([[x, 584], [x, 592]], { stroke: '#2b2b2b', 'stroke-width': 1 }));
  const farGroup = [
    group({ filter: haze(s, '#d6cfc3', 0.55) }, far),
    group({ filter: haze(s, '#d6cfc3', 0.3) }, group({ filter: mottle(s, { freq: 0.05, dark: 0.2, light: 0.05, seed: 4 }) }, bridge)),
  ];
  s.def(tag('g', { id: 'far' }, farGroup.join('')));

  // Near side: the row of houses on our quay.
  const map = flatMap(0, STREET, SC);
  const houses = [
    { x: 21.3, w: 6.2, floors: [3.8, 3.2, 3.0, 2.8], gable: 'step', gh: 4.6, brick: 'darkRed', windows: 3, door: 'left', bands: true },
    { x: 27.5, w: 5.4, floors: [3.6, 3.0, 2.8], gable: 'bell', gh: 4.4, brick: 'orange', windows: 2, door: 'right', lintel: '#e9e2d2' },
    { x: 32.9, w: 7.4, floors: [3.9, 3.3, 3.1], gable: 'cornice', paint: '#cbc3b4', windows: 4, door: 'center', shutters: '#27402f', roof: true },
    { x: 40.3, w: 5.8, floors: [3.7, 3.1, 3.0, 2.8], gable: 'neck', gh: 4.8, brick: 'purple', windows: 3, door: 'left' },
    { x: 46.1, w: 6.0, floors: [3.6, 3.0, 2.9], gable: 'step', gh: 4.2, steps: 3, brick: 'orange', windows: 2, door: 'right', bands: true },
    { x: 52.1, w: 6.4, floors: [3.8, 3.2, 3.0, 2.8], gable: 'cornice', brick: 'brown', windows: 3, door: 'left', roof: false },
  ];
  const near = [];
  for (const spec of houses) {
    if (spec.roof) near.push(...cornicedRoof(s, map, spec, rand, SC, glass));
    near.push(...canalHouse(s, map, spec, rand, { scale: SC, glass }));
  }
  // Shadow of the houses behind the viewer, creeping up the lower facades.
  const shadowEdge = [];
  for (let x = 600; x <= 1620; x += 40) shadowEdge.push([x, 470 + Math.sin(x / 90) * 14 + rand.range(-10, 10)]);
  near.push(group({ filter: blur(s, 10), opacity: 0.33 }, poly([...shadowEdge, [1620, STREET + 5], [600, STREET + 5]], { fill: '#1d2436' })));
  // Street, bollards and the brick quay wall.
  near.push(poly([[632, STREET - 4], [1600, STREET - 4], [1600, STREET + 8], [628, STREET + 8]], { fill: '#7e786f' }));
  for (let x = 660; x < 1600; x += 78) {
    near.push(rect(x, STREET - 22, 5, 26, { fill: '#5a2a22', rx: 2 }), rect(x, STREET - 22, 2, 26, { fill: '#fff', opacity: 0.15 }));
  }
  const quay = [
    rect(626, STREET + 8, 974, WATER - STREET - 8, { fill: brickPattern(s, { rand, scale: 22, colors: BRICK.brown, mortar: '#6d645b' }) }),
    rect(624, STREET + 6, 976, 6, { fill: '#b4aca0' }),
    rect(626, WATER - 14, 974, 14, { fill: linearGradient(s, [[0, '#2d3b2c', 0], [1, '#2d3b2c', 0.75]]) }),
  ];
  near.push(group({ filter: mottle(s, { freq: 0.04, dark: 0.3, light: 0.05, seed: 9 }) }, quay));
  near.push(...trees(s, rand, { items: [{ x: 640, y: 400, r: 150, base: STREET + 2 }], colors: ['#1c2419', '#46522f', '#a9ad74'], trunk: '#2e2923' }));
  s.def(tag('g', { id: 'near' }, near.join('')));

  // Water: reflected sky first, then the rippled reflections of both quays.
  const ripple = s.id('rp');
  s.def(
    tag(
      'filter',
      { id: ripple, filterUnits: 'userSpaceOnUse', x: 0, y: FAR_WATER, width: 1600, height: 900 - FAR_WATER },
      tag('feTurbulence', { type: 'fractalNoise', baseFrequency: '0.006 0.11', numOctaves: 2, seed: 5, result: 't' }) +
        tag('feDisplacementMap', { in: 'SourceGraphic', in2: 't', scale: 16, xChannelSelector: 'R', yChannelSelector: 'G' }) +
        tag('feGaussianBlur', { stdDeviation: '1.5 0.7' }),
    ),
  );
  s.add(
    tag('use', { href: '#far' }),
    rect(0, FAR_WATER, 1600, 900 - FAR_WATER, {
      fill: linearGradient(s, [[0, '#d8cbb3'], [0.25, '#a3afb4'], [1, '#4c6776']]),
    }),
    group(
      { filter: `url(#${ripple})`, opacity: 0.8 },
      tag('use', { href: '#far', transform: `matrix(1 0 0 -1 0 ${2 * FAR_WATER})` }),
      tag('use', { href: '#near', transform: `matrix(1 0 0 -1 0 ${2 * WATER})` }),
    ),
    rect(0, FAR_WATER, 1600, 900 - FAR_WATER, {
      fill: linearGradient(s, [[0, '#3c5361', 0.1], [0.4, '#2f4653', 0.35], [1, '#1d2f3a', 0.6]]),
    }),
  );
  let glints = '';
  for (let i = 0; i < 260; i += 1) {
    const y = FAR_WATER + 4 + (900 - FAR_WATER) * rand.next() ** 1.6;
    const x = rand.range(0, 1600);
    const l = rand.range(8, 40) * (0.4 + (y - FAR_WATER) / 270);
    glints += `M${fmt(x)} ${fmt(y)}h${fmt(l)}`;
  }
  s.add(tag('path', { d: glints, stroke: '#f4e6cf', 'stroke-opacity': 0.22, 'stroke-width': 1.2, fill: 'none', filter: blur(s, 0.6) }));
  s.add(tag('use', { href: '#near' }));

  // The roofer on the cornice house roof, next to the dormer.
  const h3 = houses[2];
  const [rx, ry] = map(h3.x + h3.w * 0.2, 10.3 + 0.75 + 1.3);
  s.add(roofer(rx, ry, 44, { helmet: '#f7d13a', tool: 'gun' }));

  // Low sun from the left: a warm wash that fades out towards the right.
  s.add(rect(0, 0, 1600, 900, { fill: linearGradient(s, [[0, '#ffb25a', 0.12], [0.6, '#ffb25a', 0.03], [1, '#ffb25a', 0]], { x1: 0, y1: 0, x2: 1, y2: 0.3 }) }));
  return finishLikeAPhoto(s, { vignette: 0.28, grain: 0.04 });
}

/** Service: leak repair. Wet tiled roof with a dormer in the rain, roofer sealing a joint. */
function daklekkage() {
  const s = new Scene(1200, 900, 2202);
  const { rand } = s;
  const cam = camera({ eye: [-1.2, 7.4, 4.5], target: [0.8, 8.4, 12], focal: 900, width: 1200, height: 900 });
  const sl = Math.sin(Math.PI / 4);
  const roof = planeMap(cam, [0, 6, 10], [1, 0, 0], [0, sl, sl]);
  const LEN = 6.2;

  s.add(
    sky(s, [[0, '#5b646d'], [0.3, '#838c94'], [0.6, '#a4aaae'], [0.8, '#5a6066'], [1, '#3e4347']]),
    clouds(s, rand, { count: 6, x: [0, 1200], y: [30, 220], size: [160, 260], lit: '#a3aab0', shadow: '#646c74', opacity: 0.7, blurPx: 18 }),
  );
  // A chimney further along the ridge gives the roof its scale.
  const ch = planeMap(cam, [-3.2, 9.2, 13.2], [1, 0, 0], [0, 1, 0]);
  const chSide = planeMap(cam, [-2.4, 9.2, 13.2], [0, 0, 1], [0, 1, 0]);
  s.add(
    ...brickWall(s, ch, { u0: 0, u1: 0.8, v0: 0, v1: 2.3, rand, colors: BRICK.darkRed, mortar: '#6f665e' }),
    poly(quad(chSide, 0, 0, 0.6, 2.3), { fill: '#3a2a24' }),
    poly(quad(ch, -0.08, 2.3, 0.88, 2.45), { fill: '#8d8a84' }),
  );
  const colors = ['#6e3626', '#7a3e2b', '#633022', '#80462f', '#5c2d21'];
  s.add(...pantileRoof(s, roof, { u0: -9, u1: 15, v0: 0, v1: LEN, rand, colors, tileW: 0.22, gauge: 0.31, amp: 0.04, shadowPx: 2.5, edge: 0.12 }));
  // Wet sheen: the grey sky reflects most strongly towards the ridge.
  s.add(poly(quad(roof, -9, 0, 15, LEN), { fill: linearGradient(s, [[0, '#dfe6ea', 0.28], [0.6, '#dfe6ea', 0.08], [1, '#dfe6ea', 0]]) }));
  // Half-round ridge tiles.
  for (let u = -9; u < 15; u += 0.4) {
    s.add(...cylinder(s, cam, { base: [u, 6 + LEN * sl + 0.04, 10 + LEN * sl], axis: [1, 0, 0], r: 0.13, len: 0.38, color: vary(rand, '#6a3426', 0.05), light: 0.25 }));
  }

  // Dormer: front face, zinc cheek, flat roof with a white fascia.
  const vF = 1.9;
  const [x0, x1] = [1.0, 3.6];
  const yF = 6 + vF * sl;
  const zF = 10 + vF * sl;
  const yT = yF + 1.7;
  const zBack = 10 + (yT - 6);
  const front = planeMap(cam, [x0, yF, zF], [1, 0, 0], [0, 1, 0]);
  const cheek = planeMap(cam, [x0, yF, zF], [0, 0, 1], [0, 1, 0]);
  const dw = x1 - x0;
  const depth = zBack - zF;
  s.add(group({ filter: blur(s, 6), opacity: 0.45 }, poly([roof(x0 - 0.1, vF - 0.2, 0.1), roof(x1 + 0.6, vF - 0.3, 0.1), roof(x1 + 0.8, LEN * 0.8, 0.1), roof(x0, LEN * 0.75, 0.1)], { fill: '#1a0e0a' })));
  const cheekPts = [cheek(0, 0), cheek(0, yT - yF), cheek(depth, yT - yF)];
  s.add(poly(cheekPts, { fill: linearGradient(s, [[0, '#8d959c'], [1, '#6b737a']], { x1: 0, y1: 0, x2: 1, y2: 0 }) }));
  for (let z = 0.3; z < depth; z += 0.45) {
    const top = yT - yF;
    const bottom = Math.min(top, z);
    s.add(line([cheek(z, bottom), cheek(z, top)], { stroke: '#c6ccd1', 'stroke-opacity': 0.55, 'stroke-width': 1.2 }));
  }
  s.add(poly(quad(front, 0, 0, dw, yT - yF), { fill: linearGradient(s, [[0, '#c9c8c3'], [1, '#e6e4de']]) }));
  s.add(...sashWindow(s, front, { u: 0.22, v: 0.3, w: dw - 0.44, h: 1.05, glass: glassFill(s, '#7c8a95'), rand, bars: [3, 1], sill: false, curtains: 0 }));
  s.add(poly(quad(front, -0.12, yT - yF - 0.05, dw + 0.12, yT - yF + 0.22), { fill: '#f1efea' }));
  s.add(poly([front(-0.12, yT - yF + 0.22), front(dw + 0.12, yT - yF + 0.22), cam([x1 + 0.12, yT + 0.22, zBack]), cam([x0 - 0.12, yT + 0.22, zBack])], { fill: '#7d858c' }));
  s.add(poly(quad(front, -0.12, yT - yF - 0.08, dw + 0.12, yT - yF - 0.02), { fill: '#000', opacity: 0.25 }));
  // Lead flashing: the apron under the front and the strip along the cheek, where leaks start.
  s.add(poly(quad(roof, x0 - 0.15, vF - 0.35, x1 + 0.15, vF, 0.06), { fill: '#7f858a', filter: mottle(s, { freq: 0.08, dark: 0.2, light: 0.1, seed: 8 }) }));
  s.add(poly([roof(x0 - 0.32, vF - 0.3, 0.06), roof(x0, vF, 0.06), roof(x0, (yT - 6) / sl, 0.06), roof(x0 - 0.32, (yT - 6) / sl, 0.06)], { fill: '#858b90' }));
  s.add(line([roof(x0 - 0.02, vF, 0.07), roof(x0 - 0.02, (yT - 6) / sl, 0.07)], { stroke: '#e6e2d6', 'stroke-width': 3, 'stroke-opacity': 0.9 }));

  // Roof ladder and the roofer kneeling beside the dormer.
  const [l0, l1] = [-0.45, 0.1];
  s.add(group({ filter: blur(s, 2), opacity: 0.4 }, poly(quad(roof, l0 + 0.05, 0, l1 + 0.08, LEN, 0.02), { fill: '#1b0f0b' })));
  for (const lu of [l0, l1]) s.add(line([roof(lu, 0, 0.1), roof(lu, LEN, 0.1)], { stroke: '#b8b3a8', 'stroke-width': 3 }));
  for (let v = 0.2; v < LEN; v += 0.32) s.add(line([roof(l0, v, 0.1), roof(l1, v, 0.1)], { stroke: '#a39d91', 'stroke-width': 2.2 }));
  const [fx, fy] = roof(-0.05, 2.0, 0.1);
  const [, headY] = cam([-0.05, 6 + 2.0 * sl + 1.25, 10 + 2.0 * sl]);
  s.add(roofer(fx, fy, fy - headY, { tool: 'gun' }));

  // Gutter along the eaves.
  s.add(tube(s, roof(-9, -0.1, 0.05), roof(15, -0.1, 0.05), 12));

  // Rain in three depths: fine and faint far away, a few soft streaks close by.
  s.add(rain(s, rand, { count: 900, angle: 9, len: [14, 34], opacity: 0.16, width: 0.8 }));
  s.add(rain(s, rand, { count: 260, angle: 10, len: [40, 90], opacity: 0.2, width: 1.2 }));
  s.add(group({ filter: blur(s, 2) }, rain(s, rand, { count: 40, angle: 11, len: [90, 180], opacity: 0.16, width: 3 })));
  s.add(rect(0, 0, 1200, 900, { fill: '#8c969e', opacity: 0.12 }));
  return finishLikeAPhoto(s, { vignette: 0.35, grain: 0.05 });
}

/** Service: roof renovation. Flat roof of a post-war block, half stripped and re-laid. */
function dakrenovatie() {
  const s = new Scene(1200, 900, 3303);
  const { rand } = s;
  const cam = camera({ eye: [0.6, 1.7, 2.2], target: [2.0, 0.9, 10], focal: 820, width: 1200, height: 900 });
  const HZ = cam([0, 1.7, 1000])[1];
  const FAR = 17;
  const LEFT = -4.2;

  s.add(
    sky(s, [[0, '#3f7fbf'], [0.3, '#6ea0d2'], [0.45, '#a8c6df'], [0.5, '#d3dee6']]),
    clouds(s, rand, { count: 4, x: [100, 1150], y: [60, 260], size: [90, 160], lit: '#ffffff', shadow: '#b9c6d3', opacity: 0.9, blurPx: 5 }),
    distantCity(s, rand, { horizon: HZ + 30, width: 1200 }),
    ...trees(s, rand, { items: [{ x: 60, y: HZ + 90, r: 90 }, { x: 190, y: HZ + 80, r: 70 }, { x: 880, y: HZ + 55, r: 50 }, { x: 1120, y: HZ + 60, r: 70 }], colors: ['#4d5b4a', '#6f7d5c', '#a3ae86'], leafFreq: 0.4 }),
  );

  const roof = planeMap(cam, [0, 0, 0], [1, 0, 0], [0, 0, 1]);
  // Stripped deck under everything, old weathered roofing on the left, new dark strips on the right.
  const SPLIT = 2.4;
  s.add(poly(quad(roof, LEFT, -2, 24, FAR), { fill: '#6b6357' }));
  s.add(poly(quad(roof, LEFT, -2, SPLIT, FAR), { fill: linearGradient(s, [[0, '#8b8d84'], [1, '#5f625b']]), filter: mottle(s, { freq: [0.006, 0.02], dark: 0.07, light: 0.05, seed: 12 }) }));
  for (let x = LEFT + 0.9; x < SPLIT; x += 1) s.add(line([roof(x, -2), roof(x, FAR)], { stroke: '#4e514a', 'stroke-width': 1.4, 'stroke-opacity': 0.55 }));
  for (const [px, pz, pw, pd] of [[-2.5, 3.5, 1.2, 0.9], [0.2, 9, 0.8, 1.4], [-1.2, 12.5, 1.6, 0.8]]) {
    s.add(poly(quad(roof, px, pz, px + pw, pz + pd), { fill: '#4c4f49', opacity: 0.35, filter: blur(s, 1) }));
  }
  s.add(...specks(cam, rand, { x0: LEFT, x1: SPLIT - 0.3, z0: 0.5, z1: FAR, count: 3500, colors: ['#9a9c94', '#5c5f57', '#a9a79d', '#6c6f66'] }));
  s.add(poly(quad(roof, SPLIT - 0.4, -2, SPLIT, FAR), { fill: '#8d826f' }));
  const strip = [];
  for (let x = SPLIT, i = 0; x < 24; x += 1, i += 1) {
    const zStart = i === 0 ? 7.4 : -2;
    strip.push(poly(quad(roof, x, zStart, x + 1.02, FAR), { fill: vary(rand, '#2a2c30', 0.05) }));
    strip.push(line([roof(x + 0.02, zStart), roof(x + 0.02, FAR)], { stroke: '#5d6066', 'stroke-width': 1.6 }));
    strip.push(line([roof(x + 0.06, zStart), roof(x + 0.06, FAR)], { stroke: '#0d0e10', 'stroke-width': 1.2, 'stroke-opacity': 0.8 }));
  }
  s.add(group({ filter: mottle(s, { freq: 0.6, dark: 0.18, light: 0.1, octaves: 1, seed: 3 }) }, strip));
  // Sun reflecting off the fresh bitumen towards the back.
  s.add(poly(quad(roof, SPLIT, 6, 24, FAR), { fill: linearGradient(s, [[0, '#dbe6f0', 0.22], [1, '#dbe6f0', 0]]) }));

  s.add(...roofEdge(s, cam, { from: [LEFT, 0, FAR], to: [24, 0, FAR], inward: [0, 0, -1] }));
  s.add(...roofEdge(s, cam, { from: [LEFT, 0, -2], to: [LEFT, 0, FAR], inward: [1, 0, 0], surface: '#6d7068' }));

  // Current strip being unrolled from its roll, with the torch on the gas bottle.
  const shadowBlur = blur(s, 4);
  s.add(group({ filter: shadowBlur, opacity: 0.5 }, poly(quad(roof, SPLIT - 0.1, 7.2, SPLIT + 1.3, 7.9), { fill: '#000' })));
  s.add(...cylinder(s, cam, { base: [SPLIT - 0.02, 0.17, 7.3], axis: [1, 0, 0], r: 0.17, len: 1.04, color: '#2c2e33', cap: '#4a4d52', bands: [[0.35, 0.65, '#e9e5dc']] }));
  // Pallet of new rolls standing up.
  const PX = 4.4;
  const PZ = 6.2;
  const pallet = planeMap(cam, [PX, 0.14, PZ], [1, 0, 0], [0, 0, 1]);
  s.add(group({ filter: shadowBlur, opacity: 0.5 }, poly(quad(roof, PX - 0.1, PZ - 0.1, PX + 1.4, PZ + 1.4), { fill: '#000' })));
  s.add(poly(quad(pallet, 0, 0, 1.2, 1.0), { fill: '#b99a6b' }), poly([roof(PX, PZ), roof(PX + 1.2, PZ), pallet(1.2, 0), pallet(0, 0)], { fill: '#8a6d45' }));
  const rolls = [];
  for (const [dx, dz] of [[0.25, 0.75], [0.6, 0.75], [0.95, 0.75], [0.25, 0.25], [0.6, 0.25], [0.95, 0.25]]) {
    rolls.push({ dx, dz, d: Math.hypot(PX + dx, PZ + dz) });
  }
  rolls.sort((a, b) => b.d - a.d);
  for (const { dx, dz } of rolls) {
    s.add(...cylinder(s, cam, { base: [PX + dx, 0.14, PZ + dz], axis: [0, 1, 0], r: 0.16, len: 1.0, color: '#2e3035', cap: '#55585e', bands: [[0.15, 0.3, '#e8e3d8'], [0.7, 0.85, '#e8e3d8']] }));
  }
  // Gas bottle and hose.
  const GB = [SPLIT + 2.6, 0, 10.2];
  s.add(group({ filter: shadowBlur, opacity: 0.45 }, poly(quad(roof, GB[0] - 0.1, GB[2] - 0.3, GB[0] + 0.5, GB[2] + 0.3), { fill: '#000' })));
  s.add(...cylinder(s, cam, { base: GB, axis: [0, 1, 0], r: 0.18, len: 0.6, color: '#c9672a', cap: '#dc8448', bands: [[0.88, 1, '#8e949a']] }));
  s.add(tag('path', { d: `M${cam([GB[0], 0.62, GB[2]]).map(fmt).join(' ')}C${roof(GB[0] - 0.3, 9.6).map(fmt).join(' ')} ${roof(SPLIT + 0.4, 9.6).map(fmt).join(' ')} ${roof(SPLIT - 0.6, 8.6).map(fmt).join(' ')}`, fill: 'none', stroke: '#1b1b1b', 'stroke-width': 2 }));

  // Roofer kneeling beside the roll, torching it down.
  const [kx, ky] = roof(SPLIT - 1.15, 8.3);
  const [, hy] = cam([SPLIT - 1.15, 1.25, 8.3]);
  s.add(roofer(kx, ky, ky - hy, { tool: 'torch' }));

  // Vent pipe near the back edge.
  s.add(...cylinder(s, cam, { base: [9, 0, 13], axis: [0, 1, 0], r: 0.08, len: 0.6, color: '#9aa2aa', cap: '#2a2c2e' }));

  return finishLikeAPhoto(s, { vignette: 0.25, grain: 0.04 });
}

/** Service: bitumen roof. A finished dark flat roof with seams, rooflight and city roofs behind. */
function bitumenDak() {
  const s = new Scene(1200, 900, 4404);
  const { rand } = s;
  const cam = camera({ eye: [0, 1.8, 0], target: [-1.2, 1.15, 10], focal: 800, width: 1200, height: 900, shift: [0, -10] });
  const FAR = 14;
  const RIGHT = 3.4;
  const HZ = cam([0, 1.8, 1000])[1];

  s.add(
    sky(s, [[0, '#4a84bd'], [0.25, '#78a6d0'], [0.36, '#b9cfe0'], [0.42, '#e9dfcf']], { x: 150, y: 260, r: 500, color: '#fff3dc', opacity: 0.5 }),
    clouds(s, rand, { count: 3, x: [600, 1150], y: [60, 160], size: [70, 130], lit: '#fffaf2', shadow: '#bfcad6', opacity: 0.75, blurPx: 6 }),
    distantCity(s, rand, { horizon: HZ + 12, width: 1200, amount: 0.55 }),
  );

  // Canal houses across the water behind the block: only their upper floors show.
  const glass = glassFill(s, '#71879a');
  const row = planeMap(cam, [-22, -11, 36], [1, 0, 0], [0, 1, 0]);
  const scaleAt = Math.abs(row(1, 0)[0] - row(0, 0)[0]);
  let u = 0;
  const gables = ['step', 'neck', 'bell', 'cornice', 'step', 'neck', 'bell', 'step', 'cornice', 'neck'];
  const houseParts = [];
  for (const gable of gables) {
    const w = rand.range(5.2, 7);
    const spec = { x: u, w, floors: [3.6, 3.1, 3.0, 2.8], gable, gh: gable === 'cornice' ? 0 : rand.range(4, 4.8), brick: rand.pick(Object.keys(BRICK)), windows: w > 6 ? 3 : 2, door: 'left' };
    houseParts.push(...canalHouse(s, row, spec, rand, { scale: scaleAt, glass }));
    u += w;
  }
  s.add(group({ filter: haze(s, '#c9d3da', 0.25) }, houseParts));

  // Neighbouring pitched roofs just beyond our edge.
  const sl = Math.sin((50 * Math.PI) / 180);
  const cl = Math.cos((50 * Math.PI) / 180);
  let nx = -16;
  const neighbour = [];
  while (nx < 14) {
    const w = rand.range(5.5, 8);
    const eave = rand.range(-3.2, -2.4);
    const len = rand.range(4.6, 6);
    const plane = planeMap(cam, [nx, eave, FAR + 2.5], [1, 0, 0], [0, sl, cl]);
    const red = rand.chance(0.5);
    const roofParts = red
      ? pantileRoof(s, plane, { u0: 0, u1: w, v0: 0, v1: len, rand, colors: ['#9c4a32', '#a9563a', '#8f432d'], tileW: 0.35, gauge: 0.45, amp: 0.04, shadowPx: 0.8, edge: 0.05 })
      : slateRoof(s, plane, { u0: 0, u1: w, v0: 0, v1: len, rand, colors: ['#464c55', '#3e434b', '#50565e'], slateW: 0.5, gauge: 0.25, shadowPx: 0.6 });
    neighbour.push(...roofParts);
    neighbour.push(line([plane(0, len), plane(w, len)], { stroke: '#2a2a2a', 'stroke-width': 2 }));
    if (rand.chance(0.7)) {
      const cu = nx + rand.range(0.6, w - 1.4);
      const ch = planeMap(cam, [cu, eave + len * sl - 0.5, FAR + 2.5 + len * cl], [1, 0, 0], [0, 1, 0]);
      neighbour.push(...brickWall(s, ch, { u0: 0, u1: 0.7, v0: 0, v1: 1.6, rand, colors: BRICK.darkRed, mortar: '#7a7068', L: 0.3, H: 0.1, joint: 0.02, jointShadow: 0 }));
      neighbour.push(poly(quad(ch, -0.06, 1.6, 0.76, 1.72), { fill: '#9c988f' }));
    }
    nx += w;
  }
  s.add(group({ filter: haze(s, '#d7dde2', 0.12) }, neighbour));

  // The roof itself: dark bitumen laid in strips across the view, seams catching the light.
  const roof = planeMap(cam, [0, 0, 0], [1, 0, 0], [0, 0, 1]);
  const strips = [poly(quad(roof, -20, 1.5, RIGHT, FAR), { fill: '#2b2d31' })];
  for (let z = 1.5; z < FAR; z += 1) {
    strips.push(poly(quad(roof, -20, z, RIGHT, z + 1), { fill: vary(rand, '#2c2e32', 0.015) }));
    strips.push(line([roof(-20, z + 0.9), roof(RIGHT, z + 0.9)], { stroke: '#6a6d73', 'stroke-width': 1.4, 'stroke-opacity': 0.8 }));
    strips.push(line([roof(-20, z + 0.88), roof(RIGHT, z + 0.88)], { stroke: '#0c0d0f', 'stroke-width': 1, 'stroke-opacity': 0.7 }));
  }
  s.add(group({ filter: mottle(s, { freq: 0.55, dark: 0.2, light: 0.12, octaves: 1, seed: 21 }) }, strips));
  s.add(poly(quad(roof, -20, 1.5, RIGHT, FAR), { fill: linearGradient(s, [[0, '#f5e6cf', 0.2], [1, '#f5e6cf', 0]]) }));
  // Rain outlet by the edge, with a faint damp ring around it.
  const [px, py] = roof(2.2, 3.2);
  s.add(ellipse(px, py, 60, 10, { fill: radialGradient(s, [[0, '#9fb6c9', 0.25], [1, '#9fb6c9', 0]]) }));
  s.add(...cylinder(s, cam, { base: [2.2, 0, 3.2], axis: [0, 1, 0], r: 0.1, len: 0.04, color: '#5d6167', cap: '#6f757b' }));

  s.add(...roofEdge(s, cam, { from: [-20, 0, FAR], to: [RIGHT, 0, FAR], inward: [0, 0, -1] }));
  s.add(...roofEdge(s, cam, { from: [RIGHT, 0, FAR], to: [RIGHT, 0, 1.2], inward: [-1, 0, 0] }));
  s.add(...rooflight(s, cam, { cx: -2.3, cz: 6.2, w: 1.4, d: 1.4, dome: 0.5 }));
  s.add(...cylinder(s, cam, { base: [1.6, 0, 10.5], axis: [0, 1, 0], r: 0.09, len: 0.55, color: '#a4acb3', cap: '#2c2e30' }));

  return finishLikeAPhoto(s, { vignette: 0.25, grain: 0.04 });
}

/** Service: pantile roof. A green Zaan house with white trim under a red pantile roof. */
function pannendak() {
  const s = new Scene(1200, 900, 5505);
  const { rand } = s;
  const cam = camera({ eye: [-5.6, 1.6, -6.8], target: [3.2, 3.9, 4], focal: 850, width: 1200, height: 900, shift: [60, 20] });
  const HZ = cam([-1000, 1.6, 1000])[1];
  const W = 6.5;
  const D = 9;
  const E = 3.2;
  const R = 6.8;
  const GREEN = '#2e5a3c';
  const WHITE = '#f1efe8';
  const glass = glassFill(s, '#6e8797');

  s.add(
    sky(s, [[0, '#3d7bc0'], [0.35, '#76a5d6'], [0.62, '#c5d8e6'], [0.7, '#e4ebe9']], { x: 1000, y: 150, r: 500, color: '#fff8e6', opacity: 0.5 }),
    clouds(s, rand, { count: 4, x: [0, 1200], y: [60, 330], size: [80, 150], lit: '#ffffff', shadow: '#bccbd9', opacity: 0.85, blurPx: 5 }),
    polder(s, rand, { horizon: HZ, width: 1200, mills: [{ x: 140, h: 70, angle: 20 }, { x: 260, h: 52, angle: 60 }, { x: 1120, h: 60, angle: 35 }] }),
  );
  // Grass with a clinker path to the door.
  const ground = planeMap(cam, [0, 0, 0], [1, 0, 0], [0, 0, 1]);
  s.add(rect(0, HZ, 1200, 900 - HZ, { fill: linearGradient(s, [[0, '#8a9a68'], [0.25, '#66803f'], [1, '#3e5a28']]), filter: mottle(s, { freq: [0.012, 0.03], dark: 0.25, light: 0.1, seed: 31 }) }));
  s.add(rect(0, HZ + 40, 1200, 900 - HZ, { fill: '#4a6a2e', opacity: 0.5, filter: mottle(s, { freq: 0.35, dark: 0.5, light: 0.3, octaves: 1, seed: 32 }) }));
  s.add(poly(quad(ground, W / 2 - 0.6, -5.5, W / 2 + 0.6, 0), { fill: '#8b5a44', filter: mottle(s, { freq: 0.2, dark: 0.3, light: 0.1, seed: 5 }) }));

  // Wall planes.
  const side = planeMap(cam, [0, 0, D], [0, 0, -1], [0, 1, 0]);
  const front = planeMap(cam, [0, 0, 0], [1, 0, 0], [0, 1, 0]);
  const gablePts = [[0, 0], [W, 0], [W, E], [W / 2, R], [0, E]];
  s.add(group({ filter: blur(s, 8), opacity: 0.45 }, poly([ground(0, 0), ground(W, 0), ground(W + 1.5, D + 1), ground(0, D)], { fill: '#102010' })));
  // Side wall in the shade, front gable in the sun.
  s.add(poly(quad(side, 0, 0, D, E), { fill: shade(GREEN, -0.35), filter: mottle(s, { freq: 0.03, dark: 0.15, light: 0.05, seed: 2 }) }));
  s.add(...weatherboards(side, { u0: 0, u1: D, v0: 0.3, v1: E }));
  s.add(poly(mapPts(front, gablePts), { fill: GREEN, filter: mottle(s, { freq: 0.03, dark: 0.12, light: 0.06, seed: 3 }) }));
  s.add(...weatherboards(front, { u0: 0, u1: W, v0: 0.3, v1: R, clipTop: (v) => (v <= E ? { lo: 0, hi: W } : { lo: ((v - E) / (R - E)) * (W / 2), hi: W - ((v - E) / (R - E)) * (W / 2) }) }));
  s.add(poly(mapPts(front, gablePts), { fill: linearGradient(s, [[0, '#fff2d6', 0.12], [1, '#000', 0.12]]) }));
  // Brick plinth.
  s.add(poly(quad(side, 0, 0, D, 0.3), { fill: '#5e3226' }), poly(quad(front, 0, 0, W, 0.3), { fill: '#7a4030' }));

  // White trim: corner boards, windows, door.
  s.add(poly(quad(front, -0.02, 0.3, 0.16, E), { fill: WHITE }), poly(quad(front, W - 0.16, 0.3, W + 0.02, E), { fill: WHITE }));
  s.add(poly(quad(side, D - 0.16, 0.3, D, E), { fill: shade(WHITE, -0.25) }));
  for (const u of [0.55, W - 1.65]) s.add(...sashWindow(s, front, { u, v: 0.95, w: 1.1, h: 1.55, frame: WHITE, glass, rand, bars: [2, 3], reveal: 0.2 }));
  s.add(poly(quad(front, W / 2 - 0.55, 0.3, W / 2 + 0.55, 2.45), { fill: WHITE }));
  s.add(poly(quad(front, W / 2 - 0.42, 0.3, W / 2 + 0.42, 2.05), { fill: '#234a31' }));
  s.add(poly(quad(front, W / 2 - 0.42, 2.1, W / 2 + 0.42, 2.35), { fill: glass }));
  s.add(...sashWindow(s, front, { u: W / 2 - 0.75, v: 3.55, w: 1.5, h: 1.2, frame: WHITE, glass, rand, bars: [3, 2], reveal: 0.2 }));
  s.add(...sashWindow(s, front, { u: W / 2 - 0.3, v: 5.2, w: 0.6, h: 0.7, frame: WHITE, glass, rand, bars: [2, 2], reveal: 0.2 }));
  for (const z of [1.8, 4.6, 7.2]) {
    const u = D - z - 0.55;
    s.add(...sashWindow(s, side, { u, v: 0.95, w: 1.1, h: 1.5, frame: shade(WHITE, -0.2), glass, rand, bars: [2, 3], reveal: 0.25 }));
    s.add(poly(quad(side, u - 0.55, 0.95, u - 0.08, 2.45), { fill: shade('#1f4d33', -0.2) }), poly(quad(side, u + 1.18, 0.95, u + 1.65, 2.45), { fill: shade('#1f4d33', -0.2) }));
  }

  // Roof slope facing us: pantiles from the gutter up to the ridge.
  const ov = 0.35;
  const eaveX = -ov;
  const eaveY = E - ov * ((R - E) / (W / 2));
  const run = W / 2 - eaveX;
  const rise = R - eaveY;
  const slopeLen = Math.hypot(run, rise);
  const roof = planeMap(cam, [eaveX, eaveY, D + 0.3], [0, 0, -1], [run / slopeLen, rise / slopeLen, 0]);
  const L = D + 0.6;
  s.add(...pantileRoof(s, roof, { u0: 0, u1: L, v0: 0, v1: slopeLen, rand, colors: ['#b4502f', '#c15c36', '#a8472a', '#c76a3f', '#9e4429'], tileW: 0.22, gauge: 0.3, amp: 0.035, shadowPx: 1.5, edge: 0.1 }));
  s.add(poly(quad(roof, 0, 0, L, slopeLen), { fill: linearGradient(s, [[0, '#000', 0.18], [0.5, '#000', 0], [1, '#fff2dc', 0.12]]) }));
  for (let u = 0; u < L - 0.4; u += 0.38) {
    s.add(poly([roof(u, slopeLen - 0.05, 0.02), roof(u, slopeLen + 0.05, 0.16), roof(u + 0.4, slopeLen + 0.05, 0.16), roof(u + 0.4, slopeLen - 0.05, 0.02)], { fill: vary(rand, '#9c4128', 0.06) }));
  }
  // Chimney on the ridge.
  const ch = planeMap(cam, [W / 2 - 0.35, R - 0.3, 6.2], [0, 0, -1], [0, 1, 0]);
  const chF = planeMap(cam, [W / 2 - 0.35, R - 0.3, 5.5], [1, 0, 0], [0, 1, 0]);
  s.add(...brickWall(s, ch, { u0: 0, u1: 0.7, v0: 0, v1: 1.3, rand, colors: BRICK.darkRed, mortar: '#6e655d', L: 0.21, H: 0.05, jointShadow: 0.2 }));
  s.add(...brickWall(s, chF, { u0: 0, u1: 0.7, v0: 0, v1: 1.3, rand, colors: BRICK.orange, mortar: '#8a8076', L: 0.21, H: 0.05, jointShadow: 0.2 }));
  s.add(poly(quad(ch, -0.05, 1.3, 0.75, 1.42), { fill: '#8f8b84' }), poly(quad(chF, -0.05, 1.3, 0.75, 1.42), { fill: '#b2ada4' }));
  // Gutter and the white barge boards with the makelaar at the apex.
  s.add(tube(s, roof(-0.05, -0.05, 0.1), roof(L, -0.05, 0.1), 7));
  const over = planeMap(cam, [0, 0, -0.3], [1, 0, 0], [0, 1, 0]);
  const barge = (a, b) => poly([over(a[0], a[1]), over(b[0], b[1]), over(b[0], b[1] + 0.32), over(a[0], a[1] + 0.32)], { fill: WHITE });
  // Underside of the overhang, then the barge boards on its front edge.
  s.add(poly([front(W / 2, R), front(W, E), over(W - eaveX, eaveY), over(W / 2, R)], { fill: '#3b302a' }));
  s.add(poly([front(W / 2, R), front(0, E), over(eaveX, eaveY), over(W / 2, R)], { fill: '#4a3a31' }));
  s.add(barge([eaveX, eaveY - 0.05], [W / 2, R - 0.05]), barge([W / 2, R - 0.05], [W - eaveX, eaveY - 0.05]));
  s.add(line([over(eaveX, eaveY - 0.05), over(W / 2, R - 0.05), over(W - eaveX, eaveY - 0.05)], { stroke: '#000', 'stroke-opacity': 0.25, 'stroke-width': 2 }));
  s.add(poly(quad(over, W / 2 - 0.09, R - 1.1, W / 2 + 0.09, R + 0.75), { fill: WHITE }), ellipsePts(over, W / 2, R + 0.8, 0.14, 0.14, { fill: WHITE }));
  // Shadow of the roof overhang on the top of both walls.
  s.add(poly(quad(side, 0, E - 0.7, D, E), { fill: linearGradient(s, [[0, '#000', 0.35], [1, '#000', 0]]) }));

  // Low hedge along the front.
  s.add(...trees(s, rand, { items: [{ x: cam([-1.2, 0.4, -0.5])[0], y: cam([-1.2, 0.6, -0.5])[1], r: 55 }, { x: cam([W + 1.2, 0.4, 0.5])[0], y: cam([W + 1.2, 0.6, 0.5])[1], r: 70 }], colors: ['#25381c', '#45602c', '#8fa556'] }));

  return finishLikeAPhoto(s, { vignette: 0.25, grain: 0.04 });
}

/** Service: roof insulation. Cut-away of a pitched roof, layer by layer. */
function dakisolatie() {
  const s = new Scene(1200, 900, 6606);
  const { rand } = s;
  const cam = camera({ eye: [-1.75, 1.95, -2.05], target: [0.95, 0.72, 0.95], focal: 980, width: 1200, height: 900, shift: [-10, 10] });
  const sl = Math.SQRT1_2;
  const U = [0, sl, sl];
  const Wd = [1, 0, 0];
  const N = [0, sl, -sl];
  const at = (u, w, n) => v3.add(v3.scale(U, u), v3.add(v3.scale(Wd, w), v3.scale(N, n)));
  const W = 1.9;
  const LEN = 2.7;
  const edge = { stroke: '#3a2a1c', 'stroke-opacity': 0.22, 'stroke-width': 0.8, 'stroke-linejoin': 'round' };
  const bx = (u0, u1, w0, w1, n0, n1, colors) =>
    box(cam, at(u0, w0, n0), v3.scale(U, u1 - u0), v3.scale(Wd, w1 - w0), v3.scale(N, n1 - n0), colors, edge);

  // Studio-like backdrop: a soft light gradient and a floor shadow under the piece.
  s.add(
    rect(0, 0, 1200, 900, { fill: linearGradient(s, [[0, '#dfe6ec'], [0.55, '#eef0ee'], [1, '#d9d5cc']]) }),
    rect(0, 0, 1200, 900, { fill: radialGradient(s, [[0, '#ffffff', 0.7], [1, '#ffffff', 0]], { cx: 0.45, cy: 0.4, r: 0.6 }) }),
  );
  const floorY = -0.55;
  const shadowPts = [[0, 0], [LEN, 0], [LEN, W], [0, W]].map(([u, w]) => {
    const p = at(u, w, 0);
    return cam([p[0] + 0.25, floorY, p[2] + 0.2]);
  });
  s.add(group({ filter: blur(s, 22), opacity: 0.35 }, poly(hull(shadowPts), { fill: '#4a4036' })));

  const wood = { top: '#d3a56b', side: '#b3824c', front: '#c49158', far: '#a57442', back: '#a57442' };
  const rafters = [0.22, 0.85, 1.48];
  const RW = 0.075;
  const bands = { insul: 0.45, membrane: 0.95, battens: 1.4, tiles: 1.75 };
  const nP = 0.025;
  const nR = 0.245;

  // 1. Plaster board on the inside.
  s.add(...bx(0, LEN, 0, W, 0, nP, { top: '#efebe4', front: '#d8d2c8', side: '#e2ddd4' }));
  // 2. Rafters, drawn from the far side towards us.
  for (const w of [...rafters].reverse()) s.add(...bx(0, LEN, w, w + RW, nP, nR, wood));
  // 3. Insulation boards between the rafters (yellow PIR core with a faint foil sheen).
  const insulation = [];
  const edges = [0, ...rafters.flatMap((w) => [w, w + RW]), W];
  for (let i = edges.length - 2; i >= 0; i -= 2) {
    insulation.push(...bx(bands.insul, LEN, edges[i], edges[i + 1], nP, nR, { top: '#e7c75a', front: '#d6b046', side: '#ddb94c' }));
  }
  s.add(group({ filter: mottle(s, { freq: 0.6, dark: 0.08, light: 0.06, octaves: 2, seed: 41 }) }, insulation));
  // Foil facing of the boards, seen as bright lines on the cut edges.
  for (const n of [nP + 0.004, nR - 0.004]) {
    s.add(line([cam(at(bands.insul, 0, n)), cam(at(LEN, 0, n))], { stroke: '#f4efe0', 'stroke-width': 1.6, 'stroke-opacity': 0.8 }));
    s.add(line([cam(at(bands.insul, 0, n)), cam(at(bands.insul, W, n))], { stroke: '#f4efe0', 'stroke-width': 1.4, 'stroke-opacity': 0.7 }));
  }
  for (const w of rafters) s.add(poly([cam(at(bands.insul, w, nR)), cam(at(LEN, w, nR)), cam(at(LEN, w + RW, nR)), cam(at(bands.insul, w + RW, nR))], { fill: wood.top }));
  // 4. Vapour-open membrane over everything from here up, with counter battens on the rafters.
  const nM = nR + 0.004;
  s.add(...bx(bands.membrane, LEN, 0, W, nR, nM, { top: '#dfe5ea', front: '#b9c3cb', side: '#c9d2d9' }));
  for (let u = bands.membrane + 0.12; u < LEN; u += 0.3) {
    s.add(line([cam(at(u, 0, nM)), cam(at(u, W, nM))], { stroke: '#9fb1c0', 'stroke-width': 1.2, 'stroke-opacity': 0.6 }));
  }
  const nC = nM + 0.024;
  for (const w of [...rafters].reverse()) s.add(...bx(bands.membrane, LEN, w + 0.01, w + RW - 0.01, nM, nC, wood));
  // 5. Tile battens across the counter battens.
  const nB = nC + 0.03;
  const gauge = 0.3;
  for (let u = LEN - 0.08; u >= bands.battens; u -= gauge) s.add(...bx(u, u + 0.05, 0, W, nC, nB, wood));
  // 6. Pantiles on top of the upper part.
  const tilesMap = (w, u, n = 0) => cam(at(u, w, nB + n + 0.03));
  s.add(...pantileRoof(s, tilesMap, { u0: 0, u1: W, v0: bands.tiles, v1: LEN, rand, colors: ['#b65532', '#c2603a', '#a94d2d', '#bd5a35'], tileW: 0.24, gauge, amp: 0.03, shadowPx: 3, edge: 0.15 }));
  // Section of the tiles on the cut edge: a wavy profile facing us.
  const profile = [];
  for (let i = 0; i <= 20; i += 1) profile.push(cam(at(bands.tiles + (LEN - bands.tiles) * (i / 20), 0, nB + 0.03)));
  s.add(line(profile, { stroke: '#7e3721', 'stroke-width': 2 }));

  // Soft light from the upper left over the whole piece.
  s.add(rect(0, 0, 1200, 900, { fill: linearGradient(s, [[0, '#fff6e8', 0.12], [1, '#1b2330', 0.12]], { x1: 0, y1: 0, x2: 1, y2: 1 }) }));
  return finishLikeAPhoto(s, { vignette: 0.18, grain: 0.03 });
}

/** Service: replacing roof tiles. Close-up of weathered pantiles, a new one going in. */
function dakpannenVervangen() {
  const s = new Scene(1200, 900, 7707);
  const { rand } = s;
  const cam = camera({ eye: [1.4, 1.2, -0.7], target: [-0.3, 1.15, 1.45], focal: 900, width: 1200, height: 900 });
  const sl = Math.SQRT1_2;
  const roof = planeMap(cam, [0, 0, 0], [1, 0, 0], [0, sl, sl]);
  const TW = 0.22;
  const GAUGE = 0.3;
  const U0 = -4;
  const U1 = 1.5;
  const LEN = 3.3;
  // Put the missing tile where the eye lands first, a little left of centre.
  let GAP = { r: 0, c: 0, d: Infinity };
  for (let r = 1; r < 8; r += 1) {
    for (let c = 0; c < (U1 - U0) / TW - 1; c += 1) {
      const [x, y] = roof(U0 + (c + 0.5) * TW, (r + 0.5) * GAUGE);
      const d = Math.hypot(x - 700, y - 600);
      if (d < GAP.d) GAP = { r, c, d };
    }
  }
  const key = (r, c) => `${r}:${c}`;
  const replaced = new Set([[-1, -1], [0, 1], [1, 0], [1, -1], [-1, 2], [2, 1], [0, -3], [-2, 0]].map(([dr, dc]) => key(GAP.r + dr, GAP.c + dc)));

  s.add(
    sky(s, [[0, '#6f9fcf'], [0.3, '#a9c7e0'], [0.5, '#dde7ec']]),
    clouds(s, rand, { count: 3, x: [100, 1100], y: [40, 140], size: [80, 130], lit: '#ffffff', shadow: '#c4d0dc', opacity: 0.8 }),
  );

  const old = ['#9a4c34', '#8d4530', '#a0553b', '#874232', '#94503a', '#7f4030'];
  const fresh = ['#c8612f', '#d06a35', '#c05a2c'];
  const tiles = pantileRoof(s, roof, {
    u0: U0,
    u1: U1,
    v0: 0,
    v1: LEN,
    rand,
    tileW: TW,
    gauge: GAUGE,
    amp: 0.035,
    shadowPx: 3,
    edge: 0.18,
    skip: (r, c) => r === GAP.r && c === GAP.c,
    colorAt: (r, c) => (replaced.has(key(r, c)) ? vary(rand, rand.pick(fresh), 0.04) : mix(vary(rand, rand.pick(old), 0.08), '#7d7a68', rand.range(0, 0.25))),
    // The slot being worked on: underlay and batten, then the new tile not yet
    // pushed home (sitting proud and low), so the row above still overlaps it.
    before: (r, c, ua, vb) => {
      if (r !== GAP.r || c !== GAP.c) return '';
      const nb = vb - 0.09;
      const newPts = pantilePts(roof, { ua: ua + 0.01, vb: nb, vt: vb + GAUGE * 1.2, tileW: TW, amp: 0.035, lift: 0.06 });
      return [
        poly(quad(roof, ua - 0.01, vb - 0.02, ua + TW * 1.05, vb + GAUGE * 1.2, -0.045), { fill: '#1f2124' }),
        poly(quad(roof, ua - 0.01, vb + GAUGE * 0.55, ua + TW * 1.05, vb + GAUGE * 0.55 + 0.05, -0.03), { fill: '#b98d5c' }),
        group({ filter: blur(s, 5), opacity: 0.6 }, poly(pantilePts(roof, { ua: ua + 0.03, vb: nb - 0.04, vt: vb + GAUGE, tileW: TW, amp: 0.035 }), { fill: '#0d0705' })),
        poly(newPts, { fill: '#d06a36' }),
        poly(newPts, { fill: pantileShade(s) }),
        line(newPts.slice(0, 11), { stroke: '#ffe0c4', 'stroke-opacity': 0.45, 'stroke-width': 2 }),
      ].join('');
    },
    // Lichen and moss on the old tiles only.
    decorate: (r, c, ua, vb) => {
      if (replaced.has(key(r, c))) return '';
      const spots = [];
      for (let i = 0; i < rand.int(0, 2); i += 1) {
        const [x, y] = roof(ua + rand.range(0.02, TW - 0.02), vb + rand.range(0.02, GAUGE * 0.9), 0.03);
        const rr = rand.range(2, 6);
        spots.push(ellipse(x, y, rr, rr * 0.7, { fill: rand.pick(['#b9b08a', '#a9a47f', '#c4bd9c']), opacity: 0.45, filter: blur(s, 1) }));
      }
      if (rand.chance(0.35)) {
        const [x, y] = roof(ua + TW * 0.3, vb + 0.01, -0.02);
        spots.push(ellipse(x, y, rand.range(6, 14), 4, { fill: '#3f4a26', opacity: 0.6 }));
      }
      return spots.join('');
    },
  });
  // Half-round ridge tiles along the top.
  for (let u = U0; u < U1; u += 0.4) {
    tiles.push(...cylinder(s, cam, { base: [u, LEN * sl + 0.05, LEN * sl], axis: [1, 0, 0], r: 0.12, len: 0.38, color: vary(rand, '#8f4a33', 0.05), light: 0.3 }));
  }
  tiles.push(poly(quad(roof, U0, 0, U1, LEN), { fill: linearGradient(s, [[0, '#fff1dc', 0.1], [1, '#1d1410', 0.15]]) }));
  // Shallow depth of field: the far part of the roof goes soft, like a close-up photo.
  const roofId = s.id('roof');
  s.def(tag('g', { id: roofId, filter: mottle(s, { freq: 0.25, dark: 0.12, light: 0.05, seed: 17 }) }, tiles.join('')));
  const dofMask = s.id('dof');
  s.def(tag('mask', { id: dofMask }, rect(0, 0, 1200, 900, { fill: linearGradient(s, [[0, '#fff'], [0.25, '#fff'], [0.45, '#000'], [0.8, '#000'], [1, '#fff']], { x1: 0.1, y1: 0, x2: 0.9, y2: 1 }) })));
  s.add(tag('use', { href: `#${roofId}` }), tag('use', { href: `#${roofId}`, filter: blur(s, 3), mask: `url(#${dofMask})` }));

  // A gloved hand holding the new tile by its lower corner.
  const ua = U0 + GAP.c * TW;
  const vb = GAP.r * GAUGE - 0.09;
  const [hx, hy] = roof(ua + TW * 0.95, vb + 0.06, 0.07);
  s.add(glove(s, hx + 34, hy + 6, 125, 14));

  return finishLikeAPhoto(s, { vignette: 0.3, grain: 0.04 });
}

/** Service: zinc gutter. New half-round gutter and downpipe under the eaves of a brick house. */
function zinkenDakgoot() {
  const s = new Scene(1200, 900, 8808);
  const { rand } = s;
  const cam = camera({ eye: [-0.6, 2.4, -2.6], target: [1.9, 3.6, 0.4], focal: 900, width: 1200, height: 900 });
  const EAVE = 4.0;
  const GZ = -0.42;
  const GY = EAVE + 0.06;
  const PX = 2.2;

  s.add(sky(s, [[0, '#4f86c0'], [0.5, '#8db4d8'], [1, '#cfe0ea']]));
  s.add(clouds(s, rand, { count: 2, x: [700, 1150], y: [40, 200], size: [90, 140], lit: '#ffffff', shadow: '#c3cfdb', opacity: 0.85 }));

  // Roof edge above: from below only the wavy ends of the first tile row show.
  const tileEdge = [];
  const under = [];
  for (let x = -1.2; x <= 8.3; x += 0.0275) {
    const wave = Math.sin(((x + 1.2) / 0.22) * Math.PI * 2) * 0.03;
    tileEdge.push(cam([x, EAVE + 0.36 + wave, GZ - 0.02]));
    under.push(cam([x, EAVE + 0.45, GZ + 0.25]));
  }
  s.add(poly([...tileEdge, ...under.reverse()], { fill: '#2e2624' }));
  s.add(line(tileEdge, { stroke: '#6a4a3e', 'stroke-width': 5, 'stroke-linejoin': 'round' }));
  const fascia = planeMap(cam, [-1.2, EAVE, GZ + 0.1], [1, 0, 0], [0, 1, 0]);
  const soffit = planeMap(cam, [-1.2, EAVE, 0], [1, 0, 0], [0, 0, 1]);
  s.add(poly(quad(soffit, 0, GZ + 0.1, 9.5, 0), { fill: linearGradient(s, [[0, '#cfcbc2'], [1, '#9d998f']]) }));
  for (let z = GZ + 0.19; z < 0; z += 0.09) s.add(line([soffit(0, z), soffit(9.5, z)], { stroke: '#000', 'stroke-opacity': 0.12, 'stroke-width': 1 }));
  s.add(poly(quad(fascia, 0, 0, 9.5, 0.36), { fill: linearGradient(s, [[0, '#f6f4ee'], [1, '#d2cec6']]) }));

  // Brick facade with the sun coming in from the left.
  const wall = planeMap(cam, [-1.2, 0, 0], [1, 0, 0], [0, 1, 0]);
  s.add(group({ filter: mottle(s, { freq: 0.03, dark: 0.08, light: 0.04, seed: 9 }) }, brickWall(s, wall, { u0: 0, u1: 9.5, v0: 0, v1: EAVE, rand, colors: BRICK.orange, mortar: '#a59a8c', jointShadow: 0.45 })));
  s.add(poly(quad(wall, 0, EAVE - 0.5, 9.5, EAVE), { fill: linearGradient(s, [[0, '#000', 0.4], [1, '#000', 0]], { x1: 0, y1: 1, x2: 0, y2: 0 }) }));
  s.add(poly(quad(wall, 0, 0, 9.5, EAVE), { fill: linearGradient(s, [[0, '#ffe2b0', 0.16], [0.6, '#ffe2b0', 0], [1, '#10141c', 0.2]], { x1: 0, y1: 0, x2: 1, y2: 0 }) }));

  // Downpipe: along the wall on clips, swan neck up to the gutter outlet.
  const pipeR = 0.045;
  const WZ = -0.07;
  const shadowX = 0.15;
  s.add(group({ filter: blur(s, 5), opacity: 0.45 }, poly(quad(wall, PX + 1.2 + shadowX, -1, PX + 1.2 + shadowX + 0.08, EAVE - 0.8), { fill: '#1a0f0a' })));
  const neckTop = EAVE - 0.25;
  const neckBottom = EAVE - 0.75;
  s.add(...cylinder(s, cam, { base: [PX, -1.5, WZ], axis: [0, 1, 0], r: pipeR, len: neckBottom + 1.5, color: '#8e979e', stops: ZINC }));
  for (const y of [0.6, 1.8, 3.0]) {
    if (y > neckBottom - 0.2) continue;
    s.add(...cylinder(s, cam, { base: [PX, y, WZ], axis: [0, 1, 0], r: pipeR + 0.008, len: 0.035, color: '#6c757c', stops: ZINC.map(([o, c]) => [o, shade(c, -0.15)]) }));
  }
  // swan neck: short slanted piece from the wall out to the gutter
  s.add(...cylinder(s, cam, { base: [PX, neckBottom, WZ], axis: [0, neckTop - neckBottom, GZ - WZ], r: pipeR, len: Math.hypot(neckTop - neckBottom, GZ - WZ), color: '#8e979e', stops: ZINC }));
  s.add(...cylinder(s, cam, { base: [PX, neckTop, GZ], axis: [0, 1, 0], r: pipeR, len: GY - neckTop - 0.02, color: '#8e979e', stops: ZINC }));

  // Gutter: brackets, the half-round trough with its rolled front bead, and an end cap.
  const gutterR = 0.075;
  for (let x = -1; x < 8.3; x += 0.75) {
    s.add(poly([cam([x, GY - gutterR - 0.012, GZ]), cam([x + 0.03, GY - gutterR - 0.012, GZ]), cam([x + 0.03, EAVE + 0.2, GZ + 0.12]), cam([x, EAVE + 0.2, GZ + 0.12])], { fill: '#5b636a' }));
  }
  s.add(group({ filter: blur(s, 6), opacity: 0.35 }, poly([cam([-1.2, EAVE - 0.05, 0]), cam([8.3, EAVE - 0.05, 0]), cam([8.3, EAVE - 0.3, 0]), cam([-1.2, EAVE - 0.3, 0])], { fill: '#000' })));
  s.add(...cylinder(s, cam, { base: [-0.3, GY, GZ], axis: [1, 0, 0], r: gutterR, len: 8.6, color: '#8e979e', cap: '#7c858c', stops: ZINC }));
  s.add(...cylinder(s, cam, { base: [-0.3, GY + gutterR * 0.95, GZ - gutterR], axis: [1, 0, 0], r: 0.011, len: 8.6, color: '#c9d0d5', stops: ZINC }));
  // soldered seam where two lengths meet
  s.add(...cylinder(s, cam, { base: [3.6, GY, GZ], axis: [1, 0, 0], r: gutterR + 0.004, len: 0.05, color: '#9aa3aa', stops: ZINC.map(([o, c]) => [o, shade(c, 0.08)]) }));

  return finishLikeAPhoto(s, { vignette: 0.25, grain: 0.035 });
}

/** Service: chimney renovation. Repointed brick chimney with new lead flashing on a slate roof. */
function schoorsteenRenovatie() {
  const s = new Scene(1200, 900, 9909);
  const { rand } = s;
  const cam = camera({ eye: [-2.2, 2.3, -4.0], target: [0.1, 1.05, 0.4], focal: 950, width: 1200, height: 900, shift: [30, 0] });
  const HZ = cam([0, 2.3, 1000])[1];
  const pitch = (40 * Math.PI) / 180;
  const slope = [0, Math.sin(pitch), Math.cos(pitch)];
  const roofY = (z) => z * Math.tan(pitch);
  const RIDGE = 2.0;
  const [X0, X1, Z0, Z1, TOP] = [-0.45, 0.45, -0.3, 0.3, 2.6];

  s.add(
    sky(s, [[0, '#5286bd'], [0.2, '#86afd6'], [0.3, '#c6d8e6'], [0.34, '#efe3d0']], { x: 100, y: 120, r: 600, color: '#fff1d8', opacity: 0.5 }),
    clouds(s, rand, { count: 3, x: [700, 1150], y: [30, 120], size: [80, 130], lit: '#fffaf2', shadow: '#c2ccd8', opacity: 0.85 }),
    distantCity(s, rand, { horizon: HZ + 40, width: 1200, amount: 0.6, scale: 0.6 }),
  );

  // Slate roof, lit from the left by a low sun.
  const roof = planeMap(cam, [0, 0, 0], [1, 0, 0], slope);
  s.add(...slateRoof(s, roof, { u0: -7, u1: 9, v0: -6, v1: RIDGE, rand, colors: ['#3e444c', '#383e46', '#444a52', '#353a42', '#4a4f57'], slateW: 0.3, gauge: 0.13, gap: 0.008, shadowPx: 1.5, edge: 0.1 }));
  s.add(poly(quad(roof, -7, -6, 9, RIDGE), { fill: linearGradient(s, [[0, '#ffe9c8', 0.14], [0.5, '#ffe9c8', 0], [1, '#0d1118', 0.2]], { x1: 0, y1: 0, x2: 1, y2: 0.3 }) }));
  // Ridge cap.
  s.add(...cylinder(s, cam, { base: [-7, RIDGE * slope[1] + 0.03, RIDGE * slope[2]], axis: [1, 0, 0], r: 0.09, len: 16, color: '#3c4047' }));

  // Shadow of the chimney on the slates (sun from the left).
  s.add(group({ filter: blur(s, 10), opacity: 0.3 }, poly([roof(X1, Z0 / Math.cos(pitch)), roof(X1 + 1.5, Z0 / Math.cos(pitch) + 0.3), roof(X1 + 1.6, 1.6), roof(X1, Z1 / Math.cos(pitch))], { fill: '#0a0c10' })));

  // Lead flashing: dressed onto the slates along the side and in front, turned up
  // against the brickwork and finished with a stepped cover flashing.
  const leadFill = linearGradient(s, [[0, '#9fa5ab'], [0.5, '#858b92'], [1, '#6c7279']]);
  const leadTex = mottle(s, { freq: 0.1, dark: 0.12, light: 0.1, seed: 3 });
  const vF = Z0 / Math.cos(pitch);
  const vB = Z1 / Math.cos(pitch);
  const onRoof = [];
  for (let i = 0; i <= 16; i += 1) onRoof.push([lerp(X0 - 0.14, X1 + 0.14, i / 16), vF - 0.18 - Math.sin(i * 1.7) * 0.01]);
  const skirt = [[X0 - 0.14, vB + 0.05], ...onRoof, [X1 + 0.14, vB + 0.05]];
  s.add(group({ filter: blur(s, 4), opacity: 0.5 }, poly(mapPts(roof, skirt.map(([u, v]) => [u + 0.03, v - 0.03])), { fill: '#05070a' })));
  s.add(poly(mapPts(roof, skirt, 0.015), { fill: leadFill, filter: leadTex }));
  s.add(line(mapPts(roof, onRoof, 0.016), { stroke: '#c9ced2', 'stroke-width': 1.5, 'stroke-opacity': 0.7 }));
  // Chimney body: side face in sun, front in half light; fresh, light pointing.
  // Faces are clipped to the roof line, which runs up the slope along the side.
  const front = planeMap(cam, [X0, 0, Z0], [1, 0, 0], [0, 1, 0]);
  const side = planeMap(cam, [X0, 0, Z1], [0, 0, -1], [0, 1, 0]);
  const baseF = roofY(Z0);
  const sideOutline = [[0, roofY(Z1)], [Z1 - Z0, baseF], [Z1 - Z0, TOP], [0, TOP]];
  const bricks = { rand, colors: ['#8a3b28', '#963f2a', '#7e3524', '#9b4a31', '#873a2a'], mortar: '#d8d2c6', jointShadow: 0.15 };
  s.add(group({ filter: mottle(s, { freq: 0.06, dark: 0.1, light: 0.05, seed: 13 }) }, brickWall(s, front, { u0: 0, u1: X1 - X0, v0: baseF, v1: TOP, ...bricks })));
  s.add(poly(quad(front, 0, baseF, X1 - X0, TOP), { fill: '#0b1020', opacity: 0.22 }));
  s.add(group({ 'clip-path': clipTo(s, mapPts(side, sideOutline)) }, group({ filter: mottle(s, { freq: 0.06, dark: 0.1, light: 0.05, seed: 14 }) }, brickWall(s, side, { u0: 0, u1: Z1 - Z0, v0: baseF, v1: TOP, ...bricks })), poly(mapPts(side, sideOutline), { fill: '#ffe3b5', opacity: 0.1 })));
  // Concrete cap with a drip edge, and two clay pots.
  s.add(...box(cam, [X0 - 0.06, TOP, Z0 - 0.06], [X1 - X0 + 0.12, 0, 0], [0, 0, Z1 - Z0 + 0.12], [0, 0.09, 0], { top: '#b9b4aa', front: '#9d988f', side: '#c8c3b8' }));
  s.add(poly(quad(front, -0.06, TOP - 0.06, X1 - X0 + 0.06, TOP), { fill: '#000', opacity: 0.3 }));
  for (const x of [-0.2, 0.2]) {
    s.add(...cylinder(s, cam, { base: [x, TOP + 0.09, 0], axis: [0, 1, 0], r: 0.1, len: 0.32, color: '#b0583a', cap: '#3a2119' }));
  }

  // upstand and cover flashing on the front face
  s.add(poly(quad(front, -0.02, baseF - 0.02, X1 - X0 + 0.02, baseF + 0.17), { fill: leadFill }));
  s.add(line([front(-0.02, baseF + 0.17), front(X1 - X0 + 0.02, baseF + 0.17)], { stroke: '#5d636a', 'stroke-width': 1.5 }));
  // stepped cover flashing on the sunny side, following the brick courses
  const course = 0.063;
  const stepsPts = [];
  for (let i = 0; i <= 6; i += 1) {
    const u = ((Z1 - Z0) * i) / 6;
    const v = Math.ceil((roofY(Z1 - u) + 0.14) / course) * course;
    if (i) stepsPts.push([u, stepsPts[stepsPts.length - 1][1]]);
    stepsPts.push([u, v]);
  }
  const sideLead = [...stepsPts, [Z1 - Z0, baseF - 0.02], [0, roofY(Z1) - 0.02]];
  s.add(poly(mapPts(side, sideLead), { fill: linearGradient(s, [[0, '#c3c8cc'], [1, '#9aa0a6']]) }));
  s.add(line(mapPts(side, stepsPts), { stroke: '#6a7077', 'stroke-width': 1.5 }));

  return finishLikeAPhoto(s, { vignette: 0.25, grain: 0.035 });
}

// ---------------------------------------------------------------------------
// Wear: what years of weather do to a roof (the "before" project images)
// ---------------------------------------------------------------------------

/** Screen length in px of `len` metres along u at surface point (u, v), to size decals. */
function pxAt(map, u, v, len) {
  const a = map(u, v);
  const b = map(u + len, v);
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}

/** Moss cushions: dark green blobs with a lighter, sunlit top. */
function moss(s, map, rand, spots, size = 0.07) {
  const out = [];
  for (const [u, v] of spots) {
    const [x, y] = map(u, v, 0.02);
    const r = pxAt(map, u, v, size * rand.range(0.6, 1.4));
    const ry = r * rand.range(0.45, 0.7);
    out.push(ellipse(x, y, r, ry, { fill: rand.pick(['#3a4222', '#434a28', '#33391f']) }));
    out.push(ellipse(x - r * 0.2, y - ry * 0.35, r * 0.6, ry * 0.45, { fill: rand.pick(['#6c7438', '#7a8040', '#5f6a30']), opacity: 0.6 }));
  }
  return group({ filter: blur(s, 0.9), opacity: 0.85 }, out);
}

/** Soft run-off streaks hanging down from [u, v, length, width] on a wall, fading out below. */
function streaks(s, map, items, { color = '#1d1b17', opacity = 0.35, px = 2 } = {}) {
  const fill = linearGradient(s, [[0, color], [0.4, color, 0.6], [1, color, 0]]);
  const out = items.map(([u, v, len, w]) => poly([map(u - w / 2, v), map(u + w / 2, v), map(u + w * 0.3, v - len), map(u - w * 0.3, v - len)], { fill }));
  return group({ filter: blur(s, px), opacity }, out);
}

/** Random [u, v] points in a rectangle, for scattering moss, blisters and debris. */
function scatter(rand, count, [u0, u1], [v0, v1]) {
  return Array.from({ length: count }, () => [rand.range(u0, u1), rand.range(v0, v1)]);
}

/** Rain water standing on a flat roof: a dark wet rim and a pale mirror of the sky. */
function puddle(s, map, rand, { u, v, r }) {
  const wobble = Array.from({ length: 20 }, () => rand.range(0.75, 1.2));
  const blob = (k) =>
    wobble.map((m, i) => {
      const a = (i / 20) * Math.PI * 2;
      return map(u + Math.cos(a) * r * m * k * 1.5, v + Math.sin(a) * r * m * k);
    });
  const mirror = s.once('puddle', () => linearGradient(s, [[0, '#e4ebf0'], [0.5, '#b4c6d6'], [1, '#7f98ae']]));
  return [poly(blob(1.3), { fill: '#141311', opacity: 0.4, filter: blur(s, 3) }), poly(blob(1), { fill: mirror, opacity: 0.75 })];
}

/** Blisters in old bitumen: small domes lit from above with a shadow below. */
function blisters(s, map, rand, spots, color) {
  const out = [];
  for (const [u, v] of spots) {
    const size = rand.range(0.12, 0.3);
    const [x, y] = map(u, v);
    const rx = pxAt(map, u, v, size);
    const ry = Math.max(1.5, Math.abs(map(u, v + size)[1] - y));
    out.push(ellipse(x + rx * 0.15, y + ry * 0.35, rx * 1.1, ry, { fill: '#000', opacity: 0.45 }));
    out.push(ellipse(x, y, rx, ry, { fill: shade(color, 0.04) }));
    out.push(ellipse(x - rx * 0.25, y - ry * 0.35, rx * 0.45, ry * 0.4, { fill: '#fff', opacity: 0.14 }));
  }
  return group({ filter: blur(s, 0.8) }, out);
}

/** Broken tile or slate fragments lying on a surface. */
function shards(map, rand, spots, colors) {
  return spots.map(([u, v]) => {
    const r = rand.range(0.03, 0.08);
    const pts = [];
    for (let i = 0; i < 5; i += 1) {
      const a = (i / 5) * Math.PI * 2 + rand.range(-0.4, 0.4);
      pts.push([u + Math.cos(a) * r * rand.range(0.6, 1.3), v + Math.sin(a) * r * rand.range(0.6, 1.3)]);
    }
    return poly(mapPts(map, pts, 0.03), { fill: vary(rand, rand.pick(colors), 0.08) });
  });
}

/**
 * Standing roofer (site lead) in work clothes and helmet, reading a tablet held
 * in both hands, facing right; feet at (0, 0), about 100 units to the helmet top.
 */
function standingRoofer(x, y, size, { helmet = '#f4f4ef', jacket = '#26324a', vest = '#e0782d', skin = '#c98f6c' } = {}) {
  const k = size / 100;
  const limb = (pts, width, color) =>
    line(pts, { stroke: color, 'stroke-width': width, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
  const trousers = '#2a2f38';
  const boot = '#2b211a';
  const hand = '#3f444c';
  const parts = [
    ellipse(3, 0, 22, 2.4, { fill: '#000', opacity: 0.3 }),
    // back leg and arm, a shade darker
    limb([[-1, -49], [-4, -27], [-7, -5]], 8.5, shade(trousers, -0.2)),
    poly([[-11, -6], [-3, -6], [1, -1], [1, 0], [-12, 0]], { fill: shade(boot, -0.2) }),
    limb([[5, -78], [11, -64], [21, -63]], 6, shade(jacket, -0.35)),
    // front leg with a knee pad
    limb([[3, -49], [5, -27], [4, -5]], 9, trousers),
    ellipse(5.5, -28, 4, 5, { fill: '#1b1e24' }),
    poly([[-1, -6], [8, -6], [13, -2], [13, 0], [-1, 0]], { fill: boot }),
    // torso: jacket, hi-vis vest with reflective bands
    poly([[-8, -46], [9, -46], [10, -77], [4, -82], [-5, -82], [-9, -77]], { fill: jacket }),
    poly([[-7, -49], [8, -49], [8.5, -76], [3, -80], [-4.5, -80], [-8, -76]], { fill: vest }),
    poly([[-7.3, -59], [8.2, -59], [8.3, -56], [-7.2, -56]], { fill: '#d8dcdf' }),
    poly([[-7.7, -70], [8.4, -70], [8.5, -67], [-7.6, -67]], { fill: '#d8dcdf' }),
    poly([[-8, -46], [9, -46], [9, -49], [-8, -49]], { fill: '#1d1f24' }),
    // tablet held at chest height, tilted up towards the face
    poly([[13, -68], [27, -65], [26, -60], [12, -62]], { fill: '#1c1f24' }),
    poly([[14, -67], [25.5, -64.5], [25, -61], [13.5, -62.8]], { fill: '#9cc3dc' }),
    ellipse(22, -62, 2.4, 2.2, { fill: shade(hand, -0.2) }),
    // near arm
    limb([[-2, -78], [1, -62], [15, -61]], 6.5, jacket),
    ellipse(15, -61.5, 2.6, 2.4, { fill: hand }),
    // head bowed towards the tablet, helmet with brim
    ellipse(4, -88, 5.2, 6.2, { fill: skin }),
    ellipse(1.5, -89, 3.6, 5.2, { fill: shade(skin, -0.25) }),
    tag('path', { d: 'M-3 -90 Q-3 -101 4.5 -101.5 Q12 -101 11.5 -90.5 Z', fill: helmet }),
    tag('path', { d: 'M-4.5 -90.5 L13.5 -89.5', stroke: shade(helmet, -0.25), 'stroke-width': 2.2, 'stroke-linecap': 'round' }),
    tag('path', { d: 'M0 -98 Q3.5 -100 7 -99.5', stroke: '#fff', 'stroke-opacity': 0.6, 'stroke-width': 1.2, fill: 'none' }),
  ];
  return group({ transform: `translate(${fmt(x)} ${fmt(y)}) scale(${k})` }, parts);
}

// ---------------------------------------------------------------------------
// Buildings shared by a project pair and a team photo
// ---------------------------------------------------------------------------

const CANAL_PITCH = (55 * Math.PI) / 180;

/**
 * Canal-house roof seen from the house across the street: slates rising from a
 * zinc box gutter on a white wooden cornice, a dormer, and the higher party wall
 * of the neighbour on the right. `worn` adds decades of wear on the same layout,
 * so a before and an after image line up slate for slate.
 */
function canalSlateRoof(s, cam, { worn, seed }) {
  const rand = makeRng(seed);
  const wear = makeRng(seed + 1);
  const sl = [0, Math.sin(CANAL_PITCH), Math.cos(CANAL_PITCH)];
  const LEN = 6;
  const [U0, U1] = [-9, 6.5];
  const ZF = -0.7;
  const ridgeY = 0.05 + LEN * sl[1];
  const ridgeZ = LEN * sl[2];
  const roof = planeMap(cam, [0, 0.05, 0], [1, 0, 0], sl);
  const out = [];

  // Neighbour on the right is a storey higher: its party wall rises above our roof.
  const party = planeMap(cam, [U1, 0, ZF], [0, 0, 1], [0, 1, 0]);
  const partyTop = ridgeY + 2.2;
  out.push(group({ filter: mottle(s, { freq: 0.05, dark: 0.12, light: 0.05, seed: 23 }) }, brickWall(s, party, { u0: -0.1, u1: ridgeZ + 3, v0: -1, v1: partyTop, rand, colors: BRICK.purple, mortar: '#7a7068' })));
  out.push(poly(quad(party, 0, -1, ridgeZ + 3, partyTop), { fill: '#0d1220', opacity: 0.3 }));
  out.push(poly(quad(party, -0.05, partyTop, ridgeZ + 3, partyTop + 0.14), { fill: '#a9a397' }));
  if (worn) out.push(streaks(s, party, scatter(wear, 6, [0.3, ridgeZ + 2.5], [partyTop - 0.1, partyTop]).map(([u, v]) => [u, v, wear.range(1, 3), 0.25]), { opacity: 0.3 }));

  // Our box gutter: zinc bottom and back wall, drawn before the slates that overhang it.
  const gutterBottom = planeMap(cam, [0, -0.16, 0], [1, 0, 0], [0, 0, 1]);
  const gutterBack = planeMap(cam, [0, 0, 0], [1, 0, 0], [0, 1, 0]);
  const zincDull = ['#7d817d', '#8b8f89', '#6f736f'];
  out.push(poly(quad(gutterBottom, U0, ZF + 0.22, U1, 0), { fill: worn ? '#5b5d57' : '#9aa3a9' }));
  out.push(poly(quad(gutterBack, U0, -0.16, U1, 0.06), { fill: worn ? linearGradient(s, [[0, zincDull[0]], [1, zincDull[2]]]) : linearGradient(s, [[0, '#d4dade'], [1, '#8d979e']]) }));
  if (worn) {
    // Silt, leaves and moss in the gutter, with a tuft of grass.
    out.push(group({ filter: blur(s, 1.5), opacity: 0.8 }, scatter(wear, 26, [U0, U1], [ZF + 0.3, -0.05]).map(([u, v]) => {
      const [x, y] = gutterBottom(u, v);
      return ellipse(x, y, wear.range(6, 18), wear.range(2, 4), { fill: wear.pick(['#3d3a2a', '#4a4a2a', '#5b4a30']) });
    })));
    const [gx, gy] = gutterBottom(2.4, -0.2);
    for (let i = 0; i < 9; i += 1) out.push(line([[gx + i * 2 - 8, gy], [gx + i * 3 - 14 + wear.range(-4, 4), gy - wear.range(14, 30)]], { stroke: '#6b7a33', 'stroke-width': 1.4 }));
  }

  // Slates: new ones blue-black and even; old ones greyed, lichened, slipped or missing.
  const holes = [];
  const slateColours = worn ? ['#55585a', '#4c4f52', '#5d5f5f', '#484b4f'] : ['#3a4049', '#353b44', '#3f454e', '#383e47'];
  const slate = ({ r, a, b, vb, vt, fill }) => {
    const roll = wear.next();
    const lichen = wear.range(0, 0.35) * (r < 10 ? 1.3 : 1);
    const nearBreak = Math.hypot((a - 3.8) / 2.2, (vb - 3.0) / 1.2) < 1;
    if (roll < (nearBreak ? 0.08 : 0.006) && r > 1) {
      holes.push([a, b, vb]);
      return poly(quad(roof, a, vb, b, vt), { fill: '#16110e' });
    }
    if (roll < (nearBreak ? 0.14 : 0.014)) {
      const drop = wear.range(0.05, 0.1);
      const tilt = wear.range(-0.03, 0.03);
      return [poly(quad(roof, a, vb, b, vt), { fill: '#2a221c' }), poly([roof(a + tilt, vb - drop), roof(b + tilt, vb - drop - tilt), roof(b, vt - drop), roof(a, vt - drop)], { fill: shade(fill, 0.08) })].join('');
    }
    if (roll < 0.05) return poly(quad(roof, a, vb, b, vt), { fill: mix(fill, wear.pick(['#6a5650', '#7b7e80', '#2d2f33']), 0.45) });
    return poly(quad(roof, a, vb, b, vt), { fill: mix(fill, '#8e8c72', lichen) });
  };
  out.push(...slateRoof(s, roof, { u0: U0, u1: U1, v0: -0.08, v1: LEN, rand, colors: slateColours, slateW: 0.3, gauge: 0.14, gap: 0.01, shadowPx: 1.5, edge: 0.1, slate: worn ? slate : undefined }));
  if (worn) {
    // Batten lines in the holes, a black bitumen patch, lichen, moss and streaks.
    for (const [a, b, vb] of holes) out.push(line([roof(a, vb + 0.07), roof(b, vb + 0.07)], { stroke: '#6b5236', 'stroke-width': 1.5 }));
    const patch = [];
    for (let i = 0; i < 14; i += 1) {
      const t = (i / 14) * Math.PI * 2;
      patch.push([-2.6 + Math.cos(t) * 0.45 * wear.range(0.7, 1.2), 2.4 + Math.sin(t) * 0.3 * wear.range(0.7, 1.2)]);
    }
    out.push(poly(mapPts(roof, patch, 0.02), { fill: '#22211f' }), line(mapPts(roof, patch.slice(2, 7), 0.02), { stroke: '#8a929a', 'stroke-opacity': 0.4, 'stroke-width': 1.2 }));
    // Moss gathers low on the roof, in the shade of the party wall and under the dormer.
    out.push(moss(s, roof, wear, [...scatter(wear, 120, [U0, U1], [0, 0.9]), ...scatter(wear, 25, [U0, U1], [0.9, LEN - 0.3]), ...scatter(wear, 30, [U1 - 0.6, U1], [0, LEN - 0.5]), ...scatter(wear, 20, [0.4, 3], [0.9, 1.2])], 0.05));
  }
  // Low sun from the left, and the zinc ridge roll.
  out.push(poly(quad(roof, U0, -0.08, U1, LEN), { fill: linearGradient(s, [[0, '#ffe9c8', 0.12], [0.6, '#ffe9c8', 0], [1, '#0d1118', 0.18]], { x1: 0, y1: 0, x2: 1, y2: 0.3 }) }));
  out.push(...cylinder(s, cam, { base: [U0, ridgeY + 0.02, ridgeZ], axis: [1, 0, 0], r: 0.07, len: U1 - U0, color: worn ? '#6f7370' : '#9aa3aa', stops: worn ? undefined : ZINC }));

  // Dormer with a white sash window, zinc cheek and zinc-edged flat top.
  const [d0, d1] = [0.6, 2.8];
  const vF = 1.3;
  const yF = 0.05 + vF * sl[1];
  const zF = vF * sl[2];
  const yT = yF + 1.75;
  const zBack = (yT - 0.05) / Math.tan(CANAL_PITCH);
  const front = planeMap(cam, [d0, yF, zF], [1, 0, 0], [0, 1, 0]);
  const cheek = planeMap(cam, [d0, yF, zF], [0, 0, 1], [0, 1, 0]);
  const dh = yT - yF;
  const paint = worn ? '#d6d1c3' : '#f1efe8';
  out.push(group({ filter: blur(s, 5), opacity: 0.45 }, poly([roof(d1, vF), roof(d1 + 0.7, vF + 0.2), roof(d1 + 0.7, vF + 2.6), roof(d1, (yT - 0.05) / sl[1])], { fill: '#0d0f14' })));
  out.push(poly([cheek(0, 0), cheek(0, dh), cheek(zBack - zF, dh)], { fill: worn ? '#6e716d' : linearGradient(s, [[0, '#b8c0c6'], [1, '#858e95']], { x1: 0, y1: 0, x2: 1, y2: 0 }) }));
  out.push(poly(quad(front, 0, 0, d1 - d0, dh), { fill: paint }));
  out.push(...sashWindow(s, front, { u: 0.25, v: 0.25, w: d1 - d0 - 0.5, h: dh - 0.5, glass: glassFill(s, '#6f8596'), rand, bars: [2, 2], sill: false, curtains: 0.15, frame: paint }));
  out.push(poly(quad(front, -0.1, dh - 0.02, d1 - d0 + 0.1, dh + 0.16), { fill: worn ? '#7a7e7a' : '#c4cbd0' }));
  out.push(poly([front(-0.1, dh + 0.16), front(d1 - d0 + 0.1, dh + 0.16), cam([d1 + 0.1, yT + 0.16, zBack]), cam([d0 - 0.1, yT + 0.16, zBack])], { fill: worn ? '#5d605d' : '#8d969d' }));
  out.push(poly(quad(roof, d0 - 0.12, vF - 0.25, d1 + 0.12, vF, 0.02), { fill: worn ? '#6c706c' : '#a9b1b7' }));
  if (worn) out.push(streaks(s, front, [[0.4, 0.3, 0.3, 0.12], [1.6, 0.3, 0.3, 0.1], [0.9, dh, 0.5, 0.3]], { opacity: 0.4 }));

  // Cornice: zinc-capped top of the gutter's front wall, moulded white wood below.
  const lip = planeMap(cam, [0, 0, ZF - 0.25], [1, 0, 0], [0, 0, 1]);
  const face = planeMap(cam, [0, 0, ZF - 0.25], [1, 0, 0], [0, 1, 0]);
  out.push(poly(quad(lip, U0, 0, U1, 0.25), { fill: worn ? '#7c807b' : linearGradient(s, [[0, '#e8edf0'], [1, '#b5bec5']]) }));
  out.push(poly(quad(face, U0, -0.06, U1, 0), { fill: worn ? '#666a66' : '#c9d0d5' }));
  out.push(poly(quad(face, U0, -0.85, U1, -0.06), { fill: paint }));
  out.push(poly(quad(face, U0, -0.2, U1, -0.06), { fill: '#fff', opacity: 0.25 }));
  out.push(poly(quad(face, U0, -0.3, U1, -0.22), { fill: '#000', opacity: 0.18 }));
  for (let u = U0 + 0.1; u < U1; u += 0.24) out.push(poly(quad(face, u, -0.5, u + 0.12, -0.36), { fill: '#000', opacity: 0.14 }));
  out.push(poly(quad(face, U0, -0.85, U1, -0.75), { fill: '#000', opacity: 0.12 }));
  if (worn) {
    out.push(streaks(s, face, scatter(wear, 18, [U0, U1], [-0.06, -0.04]).map(([u, v]) => [u, v, wear.range(0.3, 0.8), wear.range(0.05, 0.2)]), { color: '#3a372c', opacity: 0.45, px: 1.5 }));
    out.push(group({ filter: blur(s, 0.6) }, scatter(wear, 30, [U0, U1], [-0.8, -0.1]).map(([u, v]) => {
      const [x, y] = face(u, v);
      return ellipse(x, y, wear.range(2, 6), wear.range(1, 3), { fill: '#8c8676', opacity: 0.7 });
    })));
  }
  // Brick facade below, with the tops of the attic windows.
  const wall = planeMap(cam, [0, 0, ZF], [1, 0, 0], [0, 1, 0]);
  out.push(poly(quad(wall, U0, -4, U1, -0.85), { fill: brickPattern(s, { rand, scale: 60, colors: BRICK.darkRed, mortar: '#7d7268' }) }));
  for (const u of [-5.2, -2.4, 0.4, 3.2]) out.push(...sashWindow(s, wall, { u, v: -3.2, w: 1.3, h: 2.05, glass: glassFill(s, '#6b7f8f'), rand, bars: [2, 2], frame: paint }));
  out.push(poly(quad(wall, U0, -1.6, U1, -0.85), { fill: linearGradient(s, [[0, '#000', 0.45], [1, '#000', 0]], { x1: 0, y1: 0, x2: 0, y2: 1 }) }));
  // The higher neighbour's facade closes the right side.
  const nb = planeMap(cam, [U1, 0, ZF - 0.05], [1, 0, 0], [0, 1, 0]);
  out.push(poly(quad(nb, 0, -4, 6, partyTop), { fill: brickPattern(s, { rand, scale: 60, colors: BRICK.purple, mortar: '#7a7068' }) }));
  for (const v of [-3.2, 0.2, 3.4]) out.push(...sashWindow(s, nb, { u: 0.7, v, w: 1.3, h: 2.3, glass: glassFill(s, '#6b7f8f'), rand, bars: [2, 2] }));
  out.push(poly(quad(nb, -0.1, partyTop - 0.1, 6, partyTop + 0.25), { fill: '#e6e0d2' }));
  out.push(poly(quad(nb, 0, -4, 6, partyTop), { fill: linearGradient(s, [[0, '#10131a', 0.25], [1, '#10131a', 0.05]], { x1: 0, y1: 0, x2: 1, y2: 0 }) }));
  return { out, roof, LEN };
}

/** Industrial estate on the horizon: clad halls and a group of silos, softened by haze. */
function industrialSkyline(s, rand, { horizon, width }) {
  const parts = [rect(-10, horizon - 4, width + 20, 300, { fill: '#8e968f' })];
  const silo = linearGradient(s, [[0, '#9c9a94'], [0.35, '#b8b5ae'], [1, '#77746f']], { x1: 0, y1: 0, x2: 1, y2: 0 });
  const sx = width * 0.76;
  for (let i = 0; i < 3; i += 1) parts.push(rect(sx + i * 24, horizon - 95, 23, 100, { fill: silo, rx: 3 }));
  parts.push(rect(sx - 14, horizon - 104, 3 * 24 + 10, 12, { fill: '#8d8a84' }), rect(sx + 72, horizon - 60, 60, 65, { fill: '#8f9699' }));
  let x = -20;
  while (x < width + 20) {
    const w = rand.range(140, 320);
    const h = rand.range(24, 64);
    const c = rand.pick(['#8d9aa3', '#b3b9b8', '#7b8791', '#c9c6bd', '#6f7f8c']);
    parts.push(rect(x, horizon - h, w, h + 40, { fill: c }));
    let ribs = '';
    for (let rx = x + 4; rx < x + w; rx += 7) ribs += `M${fmt(rx)} ${fmt(horizon - h)}v${fmt(h + 40)}`;
    parts.push(tag('path', { d: ribs, stroke: '#000', 'stroke-opacity': 0.12, 'stroke-width': 1 }));
    parts.push(rect(x, horizon - h, w, 3, { fill: '#fff', opacity: 0.35 }));
    x += w + rand.range(10, 70);
  }
  return group({ filter: haze(s, '#c9d4dc', 0.4) }, parts);
}

/**
 * Large flat roof of a business hall with rows of rooflights. Worn: old
 * blistered bitumen with patches, puddles and dirty domes; new: seamless EPDM
 * with clean aluminium edges.
 */
function hallRoof(s, cam, { worn, seed }) {
  const wear = makeRng(seed + 1);
  const [X0, X1, Z1] = [-16, 12, 44];
  const roof = planeMap(cam, [0, 0, 0], [1, 0, 0], [0, 0, 1]);
  const out = [];
  const base = worn ? '#3b3935' : '#2c2d30';
  const surface = [poly(quad(roof, X0, -3, X1, Z1), { fill: base })];
  if (worn) {
    // Old strips laid along the hall, with overlaps that catch the light.
    for (let x = X0 + 1; x < X1; x += 1) surface.push(line([roof(x, -3), roof(x, Z1)], { stroke: '#5a5650', 'stroke-width': 1.3, 'stroke-opacity': 0.7 }));
    for (const [px, pz, pw, pd] of [[-4.5, 2.5, 1.6, 1.1], [1.2, 6, 2.4, 1.4], [-8, 10, 3, 2], [5, 14, 2, 1.5], [-2, 19, 3, 2.5]]) {
      surface.push(poly(quad(roof, px, pz, px + pw, pz + pd), { fill: '#1f1f21' }));
      surface.push(line([roof(px, pz + pd), roof(px + pw, pz + pd)], { stroke: '#6d6a64', 'stroke-width': 1, 'stroke-opacity': 0.6 }));
    }
  } else {
    // EPDM comes in wide sheets: only a few faint seams.
    for (const x of [-9.5, -3, 3.5, 10]) surface.push(line([roof(x, -3), roof(x, Z1)], { stroke: '#3c3e42', 'stroke-width': 1.2 }));
  }
  out.push(group({ filter: mottle(s, worn ? { freq: [0.01, 0.04], dark: 0.25, light: 0.12, seed: 44 } : { freq: 0.5, dark: 0.08, light: 0.05, octaves: 1, seed: 45 }) }, surface));
  if (worn) {
    out.push(blisters(s, roof, wear, scatter(wear, 40, [X0 + 4, X1 - 1], [0.5, 12]), base));
    for (const p of [{ u: -2.8, v: 4.2, r: 1.1 }, { u: 5.2, v: 9.5, r: 1.6 }, { u: -8, v: 15, r: 2.2 }, { u: 2, v: 24, r: 2.5 }]) out.push(...puddle(s, roof, wear, p));
    // Algae on the rims of the puddle, not on the water, and along the edge.
    out.push(moss(s, roof, wear, [...scatter(wear, 12, [-5.2, -4.4], [3.4, 5]), ...scatter(wear, 12, [-1.2, -0.5], [3.4, 5]), ...scatter(wear, 40, [X1 - 1.2, X1 - 0.2], [0, 30])], 0.06));
  } else {
    // Sun reflecting off the new membrane towards the back.
    out.push(poly(quad(roof, X0, -3, X1, Z1), { fill: linearGradient(s, [[0, '#dbe6f0', 0.16], [0.4, '#dbe6f0', 0.05], [1, '#dbe6f0', 0]]) }));
  }
  // Edges: aluminium trims; the old ones are grimy and streaked with rust.
  const edges = [
    roofEdge(s, cam, { from: [X0, 0, Z1], to: [X1, 0, Z1], inward: [0, 0, -1], surface: base }),
    roofEdge(s, cam, { from: [X1, 0, Z1], to: [X1, 0, -3], inward: [-1, 0, 0], surface: base }),
  ];
  out.push(...edges.flat());
  if (worn) {
    const trim = planeMap(cam, [X1, 0, Z1], [0, 0, -1], [0, 1, 0]);
    out.push(streaks(s, trim, scatter(wear, 16, [0, Z1 + 3], [0.32, 0.34]).map(([u, v]) => [u, v, 0.3, 0.25]), { color: '#7a4a24', opacity: 0.7, px: 1 }));
    out.push(poly(quad(trim, 0, 0.24, Z1 + 3, 0.34), { fill: '#4a4236', opacity: 0.45 }));
  }
  // Rooflights in three rows, furthest first.
  const lights = [];
  for (const cz of [25, 17, 9]) for (const cx of [-9, -3, 3]) lights.push([cx, cz]);
  for (const [cx, cz] of lights) out.push(...rooflight(s, cam, { cx, cz, w: 1.6, d: 1.6, dome: 0.45, dirt: worn ? '#8a7a4a' : undefined }));
  if (worn) for (const [cx, cz] of lights) out.push(streaks(s, roof, [[cx + 0.2, cz - 0.8, 1.2, 1.2]], { color: '#141312', opacity: 0.35, px: 3 }));
  // Rain outlet near the right edge.
  out.push(...cylinder(s, cam, { base: [X1 - 1.2, 0, 4], axis: [0, 1, 0], r: 0.12, len: worn ? 0.03 : 0.12, color: worn ? '#6a4a30' : '#8e979e', cap: worn ? '#3a2c20' : '#5c646b' }));
  return { out, roof };
}

const HOUSE_PITCH = (50 * Math.PI) / 180;

/**
 * Row of 1930s houses in Haarlem seen from across the street: a long pantile
 * roof between two chimneys above the top of the brick facade. With `storm` the
 * roof has missing and slipped tiles, a tarp over the worst hole and debris.
 */
function tiledTerraceRoof(s, cam, { storm, seed }) {
  const rand = makeRng(seed);
  const wear = makeRng(seed + 1);
  const sl = [0, Math.sin(HOUSE_PITCH), Math.cos(HOUSE_PITCH)];
  const EAVE = 6;
  const [U0, U1] = [-10, 12];
  const LEN = 5.6;
  const TW = 0.22;
  const GAUGE = 0.31;
  const roof = planeMap(cam, [0, EAVE + 0.1, -0.35], [1, 0, 0], sl);
  const ridgeY = EAVE + 0.1 + LEN * sl[1];
  const ridgeZ = -0.35 + LEN * sl[2];
  const out = [];
  const colors = ['#8f4a33', '#9a5237', '#84432f', '#a05a3d', '#7d402d'];
  // Same colour per tile in both states; a tile of its own keeps the pairs identical.
  const tileColour = (r, c) => {
    const t = makeRng(seed * 977 + r * 131 + c);
    return mix(vary(t, t.pick(colors), 0.08), '#7d7a68', t.range(0, 0.2));
  };
  const missing = new Set();
  const slipped = new Set();
  const key = (r, c) => `${r}:${c}`;
  if (storm) {
    const rows = Math.ceil(LEN / GAUGE);
    for (let r = 0; r < rows; r += 1) {
      for (let c = 0; c < (U1 - U0) / TW; c += 1) {
        const u = U0 + (c + 0.5) * TW;
        const v = (r + 0.5) * GAUGE;
        const d = Math.min(Math.hypot((u + 2.4) / 1.3, (v - 4.4) / 0.9), Math.hypot((u - 6.2) / 0.6, (v - 2.3) / 0.5), Math.hypot((u - 3.6) / 1.6, (v - 3.8) / 1.1));
        const roll = wear.next();
        if (d < 1 && roll < 0.8 - d * 0.4) missing.add(key(r, c));
        else if (d < 1.6 && roll < 0.25) slipped.add(key(r, c));
      }
    }
  }
  const hole = (ua, vb) => [
    poly(quad(roof, ua - 0.01, vb - 0.02, ua + TW * 1.05, vb + GAUGE * 1.25, -0.05), { fill: '#221a15' }),
    poly(quad(roof, ua - 0.01, vb + GAUGE * 0.12, ua + TW * 1.05, vb + GAUGE * 0.12 + 0.04, -0.03), { fill: '#9c7a52' }),
  ];
  out.push(
    ...pantileRoof(s, roof, {
      u0: U0,
      u1: U1,
      v0: 0,
      v1: LEN,
      rand,
      tileW: TW,
      gauge: GAUGE,
      amp: 0.035,
      shadowPx: 2,
      edge: 0.1,
      colorAt: (r, c) => tileColour(r, c),
      skip: (r, c) => missing.has(key(r, c)) || slipped.has(key(r, c)),
      before: (r, c, ua, vb) => {
        if (missing.has(key(r, c))) return hole(ua, vb).join('');
        if (!slipped.has(key(r, c))) return '';
        // A slipped tile: slid down over the row below and lifted at one corner.
        const drop = wear.range(0.08, 0.16);
        const pts = pantilePts(roof, { ua: ua + wear.range(-0.04, 0.04), vb: vb - drop, vt: vb + GAUGE * 1.3 - drop, tileW: TW, amp: 0.035, lift: wear.range(0.02, 0.06) });
        return [...hole(ua, vb), poly(pts, { fill: tileColour(r, c) }), poly(pts, { fill: pantileShade(s) })].join('');
      },
    }),
  );
  out.push(poly(quad(roof, U0, 0, U1, LEN), { fill: linearGradient(s, [[0, '#000', 0.12], [0.6, '#000', 0], [1, '#fff2dc', 0.1]]) }));
  // Ridge tiles; the storm took a few next to the big hole.
  for (let u = U0, i = 0; u < U1; u += 0.4, i += 1) {
    if (storm && u > -3.4 && u < -2.2) {
      out.push(poly(quad(roof, u, LEN - 0.06, u + 0.4, LEN + 0.02, 0.04), { fill: '#8d8679' }));
      continue;
    }
    out.push(...cylinder(s, cam, { base: [u, ridgeY + 0.05, ridgeZ], axis: [1, 0, 0], r: 0.13, len: 0.41, color: tileColour(-1, i), light: 0.3 }));
  }
  // Chimneys on the party walls.
  for (const cx of [-5.2, 6.6]) {
    out.push(...box(cam, [cx, ridgeY - 0.6, ridgeZ - 0.4], [0.9, 0, 0], [0, 0, 0.8], [0, 1.9, 0], { side: '#7a3a2a', front: '#5e2c21' }));
    const chimneyFace = planeMap(cam, [cx, ridgeY - 0.6, ridgeZ - 0.4], [1, 0, 0], [0, 1, 0]);
    out.push(...brickWall(s, chimneyFace, { u0: 0, u1: 0.9, v0: 0, v1: 1.9, rand, colors: BRICK.darkRed, mortar: '#756b62', jointShadow: 0.2 }));
    out.push(...box(cam, [cx - 0.06, ridgeY + 1.3, ridgeZ - 0.46], [1.02, 0, 0], [0, 0, 0.92], [0, 0.1, 0], { top: '#b4afa5', side: '#9a958c', front: '#a6a197' }));
  }
  if (storm) {
    out.push(...shards(roof, wear, [...scatter(wear, 14, [-4, -1], [2.6, 3.6]), ...scatter(wear, 8, [5.4, 7], [1.2, 1.9]), ...scatter(wear, 10, [-6, 8], [0.05, 0.6])], colors));
  }
  if (storm) {
    // Blue tarp over the second hole: a ragged sheet draped over the tiles, its
    // folds lit and shaded, held down with a lath along the top and sandbags.
    const T = [];
    for (let i = 0; i <= 16; i += 1) T.push([lerp(2.0, 5.4, i / 16) + Math.sin(i * 2.1) * 0.06, 2.55 + Math.sin(i * 1.3) * 0.1 + (i % 3) * 0.04]);
    for (let i = 0; i <= 16; i += 1) T.push([5.4 - (i / 16) * 3.3 + Math.sin(i * 1.9) * 0.05, 5.15 + Math.sin(i * 1.7) * 0.07]);
    out.push(group({ filter: blur(s, 4), opacity: 0.5 }, poly(mapPts(roof, T.map(([u, v]) => [u + 0.08, v - 0.06]), 0.02), { fill: '#0d0a08' })));
    const tarpFill = linearGradient(s, [[0, '#3c78c0'], [0.5, '#2f66ad'], [1, '#275896']], { x1: 0, y1: 0, x2: 1, y2: 1 });
    const tarpClip = clipTo(s, mapPts(roof, T, 0.06));
    const folds = [];
    for (let i = 0; i < 9; i += 1) {
      const u = 2.1 + i * 0.38 + wear.range(-0.1, 0.1);
      const pts = mapPts(roof, [[u, 2.4], [u + wear.range(-0.4, 0.4), 3.8], [u + wear.range(-0.5, 0.5), 5.3]], 0.07);
      folds.push(line(pts, { stroke: '#0e2a4f', 'stroke-opacity': 0.45, 'stroke-width': wear.range(6, 14) }), line(pts.map(([x, y]) => [x - 5, y]), { stroke: '#8fbcef', 'stroke-opacity': 0.35, 'stroke-width': wear.range(3, 7) }));
    }
    out.push(group({ 'clip-path': tarpClip }, poly(mapPts(roof, T, 0.06), { fill: tarpFill, filter: mottle(s, { freq: [0.05, 0.02], dark: 0.3, light: 0.2, seed: 61 }) }), group({ filter: blur(s, 3) }, folds)));
    out.push(poly(quad(roof, 1.9, 5.0, 5.5, 5.09, 0.1), { fill: '#b08c5c' }), line([roof(1.9, 5.0, 0.1), roof(5.5, 5.0, 0.1)], { stroke: '#5e4528', 'stroke-width': 1.2 }));
    for (const [u, v] of [[2.2, 2.7], [3.7, 2.65], [5.2, 2.75], [2.1, 3.9], [5.3, 4.0]]) {
      const [x, y] = roof(u, v, 0.12);
      const r = pxAt(roof, u, v, 0.22);
      out.push(ellipse(x + r * 0.15, y + r * 0.2, r, r * 0.5, { fill: '#000', opacity: 0.35, filter: blur(s, 2) }), ellipse(x, y, r, r * 0.55, { fill: '#b9ab8a' }), ellipse(x - r * 0.3, y - r * 0.2, r * 0.4, r * 0.2, { fill: '#fff', opacity: 0.25 }));
    }
    // A broken branch blown onto the lower roof.
    const bp = [[6.4, 1.3], [7.2, 0.9], [8.0, 0.7], [8.8, 0.65]];
    out.push(line(mapPts(roof, bp, 0.08), { stroke: '#3b2f25', 'stroke-width': 5, 'stroke-linecap': 'round' }));
    out.push(line(mapPts(roof, [[7.2, 0.9], [7.5, 1.3], [7.8, 1.5]], 0.08), { stroke: '#3b2f25', 'stroke-width': 3 }));
    out.push(...trees(s, wear, { items: [{ x: roof(7.6, 1.2)[0], y: roof(7.6, 1.2)[1], r: 40 }], colors: ['#2a3a1f', '#4a5f2e', '#8a9a55'], leafFreq: 0.3 }));
  }

  // Gutter, fascia and the top of the brick facade.
  const wall = planeMap(cam, [U0, 0, 0], [1, 0, 0], [0, 1, 0]);
  const W = U1 - U0;
  out.push(group({ filter: mottle(s, { freq: 0.03, dark: 0.1, light: 0.04, seed: 62 }) }, poly(quad(wall, 0, 0, W, EAVE), { fill: brickPattern(s, { rand, scale: 40, colors: BRICK.orange, mortar: '#8d8376' }) })));
  const glass = glassFill(s, '#6f8596');
  for (const u of [1.2, 4.2, 7.4, 10.3, 13.2, 16.4, 19.2]) {
    out.push(...sashWindow(s, wall, { u, v: 3.4, w: 1.6, h: 1.9, frame: '#efece4', glass, rand, bars: [2, 1], reveal: 0.35 }));
  }
  out.push(poly(quad(wall, 0, EAVE - 0.9, W, EAVE), { fill: linearGradient(s, [[0, '#000', 0.45], [1, '#000', 0]], { x1: 0, y1: 0, x2: 0, y2: 1 }) }));
  const fascia = planeMap(cam, [U0, EAVE, -0.3], [1, 0, 0], [0, 1, 0]);
  out.push(poly(quad(fascia, 0, -0.05, W, 0.25), { fill: '#ecebe6' }));
  out.push(tube(s, roof(U0, -0.15, 0.05), roof(U1, -0.15, 0.05), Math.max(5, pxAt(roof, 0, 0, 0.08))));
  return { out, roof, LEN };
}

/** Glasshouses of the Aalsmeer flower growers along the horizon: long low glass roofs. */
function greenhouses(s, rand, { horizon, width }) {
  const parts = [];
  let x = -30;
  while (x < width + 30) {
    const w = rand.range(120, 380);
    const h = rand.range(8, 16);
    parts.push(rect(x, horizon - h, w, h + 2, { fill: '#c7d3d9' }));
    let d = '';
    for (let tx = x; tx < x + w; tx += 9) d += `M${fmt(tx)} ${fmt(horizon - h)}l4.5 -4l4.5 4`;
    parts.push(tag('path', { d, fill: '#dde6ea', stroke: '#aab8c0', 'stroke-width': 0.6 }));
    parts.push(rect(x, horizon - h * 0.45, w, 1.2, { fill: '#8a9aa3', opacity: 0.6 }));
    x += w + rand.range(30, 160);
  }
  return group({ filter: haze(s, '#d2dce2', 0.35) }, parts);
}

// ---------------------------------------------------------------------------
// Project scenes: before ('voor') and after ('na') from the same camera
// ---------------------------------------------------------------------------

/** Project: slate roof and box gutter of a canal house on the Keizersgracht. */
function grachtenpandKeizersgracht(state) {
  const s = new Scene(1200, 900, 1101);
  const { rand } = s;
  const cam = camera({ eye: [-1.4, 1.4, -7.6], target: [2.0, 2.1, 1.5], focal: 860, width: 1200, height: 900 });
  s.add(
    sky(s, [[0, '#5a8cc2'], [0.45, '#9dbddb'], [0.7, '#dfe6e8']], { x: 150, y: 250, r: 600, color: '#fff1d8', opacity: 0.45 }),
    clouds(s, rand, { count: 4, x: [0, 1150], y: [40, 170], size: [90, 150], lit: '#fffaf2', shadow: '#bfcad6', opacity: 0.85, blurPx: 5 }),
  );
  s.add(canalSlateRoof(s, cam, { worn: state === 'voor', seed: 1102 }).out);
  return finishLikeAPhoto(s, { vignette: 0.25, grain: 0.04 });
}

/** Project: flat roof of a business hall in Zaandam, old bitumen replaced by EPDM. */
function bedrijfshalZaandam(state) {
  const s = new Scene(1200, 900, 1301);
  const { rand } = s;
  const cam = camera({ eye: [-1.5, 2.6, -1.5], target: [2.0, 0.9, 14], focal: 800, width: 1200, height: 900 });
  const HZ = cam([0, 2.6, 1000])[1];
  s.add(
    sky(s, [[0, '#4c86c0'], [0.3, '#86afd6'], [0.42, '#d3e0e8']]),
    clouds(s, rand, { count: 4, x: [0, 1200], y: [40, 220], size: [90, 160], lit: '#ffffff', shadow: '#bac7d4', opacity: 0.85, blurPx: 5 }),
    distantCity(s, rand, { horizon: HZ + 6, width: 1200, amount: 0.6, scale: 0.7 }),
    industrialSkyline(s, rand, { horizon: HZ + 22, width: 1200 }),
  );
  s.add(hallRoof(s, cam, { worn: state === 'voor', seed: 1302 }).out);
  return finishLikeAPhoto(s, { vignette: 0.25, grain: 0.04 });
}

/** Project: storm damage to the pantile roof of a 1930s house in Haarlem. */
function stormschadeHaarlem(state) {
  const s = new Scene(1200, 900, 1401);
  const { rand } = s;
  const storm = state === 'voor';
  const cam = camera({ eye: [1.2, 7.4, -8.5], target: [1.6, 7.6, 1.5], focal: 900, width: 1200, height: 900 });
  s.add(
    sky(s, storm ? [[0, '#5d6975'], [0.4, '#8a97a3'], [0.7, '#c3c9cc']] : [[0, '#4a85c2'], [0.4, '#86b0d8'], [0.7, '#d6e3ea']]),
    clouds(s, rand, { count: 5, x: [0, 1200], y: [30, 200], size: [110, 190], lit: storm ? '#d9dde0' : '#ffffff', shadow: storm ? '#7b8590' : '#c0ccd8', opacity: storm ? 0.9 : 0.8, blurPx: storm ? 10 : 5 }),
  );
  s.add(tiledTerraceRoof(s, cam, { storm, seed: 1402 }).out);
  return finishLikeAPhoto(s, { vignette: 0.28, grain: 0.04 });
}

/**
 * Project: new-build house in Aalsmeer. Before: roof elements with underlay,
 * battens and tile packs, scaffolding along the eaves; after: anthracite pantiles.
 */
function nieuwbouwAalsmeer(state) {
  const s = new Scene(1200, 900, 1501);
  const { rand } = s;
  const done = state === 'na';
  const wear = makeRng(1502);
  const cam = camera({ eye: [-9.5, 6.5, -7.5], target: [3.2, 5.2, 4.5], focal: 900, width: 1200, height: 900, shift: [0, 60] });
  const HZ = cam([1260, 6.5, 1190])[1];
  const W = 7;
  const D = 10;
  const E = 5.6;
  const R = 9.6;
  const glass = glassFill(s, '#6e8797');

  s.add(
    sky(s, [[0, '#4381c4'], [0.35, '#7eabd8'], [0.62, '#c9dae6'], [0.7, '#e4ebe9']], { x: 1000, y: 150, r: 500, color: '#fff8e6', opacity: 0.4 }),
    clouds(s, rand, { count: 4, x: [0, 1200], y: [40, 280], size: [80, 150], lit: '#ffffff', shadow: '#bccbd9', opacity: 0.85, blurPx: 5 }),
    polder(s, rand, { horizon: HZ, width: 1200 }),
    greenhouses(s, rand, { horizon: HZ + 1, width: 1200 }),
  );
  // Ground: builder's sand before, lawn and a paved path after.
  const ground = planeMap(cam, [0, 0, 0], [1, 0, 0], [0, 0, 1]);
  s.add(rect(0, HZ, 1200, 900 - HZ, { fill: done ? linearGradient(s, [[0, '#8a9a68'], [0.25, '#66803f'], [1, '#3e5a28']]) : linearGradient(s, [[0, '#b9ab8c'], [0.3, '#a8946f'], [1, '#8a7452']]), filter: mottle(s, { freq: [0.012, 0.03], dark: done ? 0.25 : 0.12, light: 0.08, seed: 31 }) }));
  if (done) s.add(poly(quad(ground, W / 2 - 0.7, -7, W / 2 + 0.7, 0), { fill: '#9a9490', filter: mottle(s, { freq: 0.2, dark: 0.2, light: 0.1, seed: 5 }) }));
  else s.add(group({ opacity: 0.35 }, [1.2, 2.1].map((x) => line([ground(x - 4, -8), ground(x + 2, 0)], { stroke: '#5f4e36', 'stroke-width': 9 }))));

  // Walls: modern red-brown brick, gable to the front.
  const side = planeMap(cam, [0, 0, D], [0, 0, -1], [0, 1, 0]);
  const front = planeMap(cam, [0, 0, 0], [1, 0, 0], [0, 1, 0]);
  const gablePts = [[0, 0], [W, 0], [W, E], [W / 2, R], [0, E]];
  const brick = brickPattern(s, { rand, scale: 28, colors: ['#7a3b2a', '#84432f', '#6e3526', '#8c4a33'], mortar: '#6f665e' });
  s.add(group({ filter: blur(s, 8), opacity: 0.45 }, poly([ground(0, 0), ground(W, 0), ground(W + 1.5, D + 1), ground(0, D)], { fill: '#1a1a10' })));
  s.add(poly(quad(side, 0, 0, D, E), { fill: brick }), poly(quad(side, 0, 0, D, E), { fill: '#0d1220', opacity: 0.35 }));
  s.add(poly(mapPts(front, gablePts), { fill: brick }), poly(mapPts(front, gablePts), { fill: linearGradient(s, [[0, '#fff2d6', 0.1], [1, '#000', 0.1]]) }));
  const frame = '#3b3f44';
  for (const u of [0.7, W - 2.1]) s.add(...sashWindow(s, front, { u, v: 0.9, w: 1.4, h: 1.6, frame, glass, rand, bars: [2, 1], reveal: 0.3, curtains: done ? 0.5 : 0 }));
  s.add(poly(quad(front, W / 2 - 0.55, 0, W / 2 + 0.55, 2.3), { fill: frame }), poly(quad(front, W / 2 - 0.45, 0.05, W / 2 + 0.45, 2.2), { fill: done ? '#2e4a3a' : '#c9b590' }));
  for (const u of [0.9, W - 2.3]) s.add(...sashWindow(s, front, { u, v: 3.4, w: 1.4, h: 1.5, frame, glass, rand, bars: [2, 1], reveal: 0.3, curtains: 0 }));
  s.add(...sashWindow(s, front, { u: W / 2 - 0.6, v: 6.2, w: 1.2, h: 1.3, frame, glass, rand, bars: [1, 1], reveal: 0.3, curtains: 0 }));
  for (const z of [2, 5.5, 8]) s.add(...sashWindow(s, side, { u: D - z - 0.7, v: 0.9, w: 1.4, h: 1.6, frame, glass, rand, bars: [2, 1], reveal: 0.35, curtains: 0 }));

  // Roof slope facing us.
  const ov = 0.3;
  const eaveY = E - ov * ((R - E) / (W / 2));
  const run = W / 2 + ov;
  const rise = R - eaveY;
  const slopeLen = Math.hypot(run, rise);
  const roof = planeMap(cam, [-ov, eaveY, D + 0.3], [0, 0, -1], [run / slopeLen, rise / slopeLen, 0]);
  const L = D + 0.6;
  if (done) {
    s.add(...pantileRoof(s, roof, { u0: 0, u1: L, v0: 0, v1: slopeLen, rand: wear, colors: ['#3a3b3e', '#35363a', '#404145', '#2f3034'], tileW: 0.24, gauge: 0.33, amp: 0.035, shadowPx: 1.5, edge: 0.14 }));
    s.add(poly(quad(roof, 0, 0, L, slopeLen), { fill: linearGradient(s, [[0, '#000', 0.15], [0.5, '#000', 0], [1, '#e8f0ff', 0.14]]) }));
    for (let u = 0; u < L - 0.4; u += 0.4) s.add(poly([roof(u, slopeLen - 0.05, 0.02), roof(u, slopeLen + 0.05, 0.16), roof(u + 0.42, slopeLen + 0.05, 0.16), roof(u + 0.42, slopeLen - 0.05, 0.02)], { fill: vary(wear, '#333438', 0.05) }));
  } else {
    // Prefab roof elements: chipboard on top, breather membrane and battens from the eaves up.
    s.add(poly(quad(roof, 0, 0, L, slopeLen), { fill: '#c9a86a', filter: mottle(s, { freq: 0.08, dark: 0.15, light: 0.08, seed: 71 }) }));
    for (let u = 1.2; u < L; u += 1.2) s.add(line([roof(u, 0), roof(u, slopeLen)], { stroke: '#8a6f45', 'stroke-width': 1.2 }));
    const foilTop = slopeLen * 0.72;
    s.add(poly(quad(roof, 0, 0, L, foilTop, 0.01), { fill: '#e4e8ea', filter: mottle(s, { freq: [0.02, 0.06], dark: 0.12, light: 0.05, seed: 72 }) }));
    for (let v = 1.4; v < foilTop; v += 1.5) s.add(line([roof(0, v, 0.012), roof(L, v, 0.012)], { stroke: '#7fa0c0', 'stroke-width': 1.5, 'stroke-dasharray': '14 22', 'stroke-opacity': 0.7 }));
    for (let u = 0.3; u < L; u += 0.6) s.add(poly(quad(roof, u, 0, u + 0.05, foilTop, 0.03), { fill: '#b88d55' }));
    for (let v = 0.05; v < foilTop - 0.5; v += 0.33) s.add(poly(quad(roof, 0, v, L, v + 0.05, 0.05), { fill: '#d2a96c' }), line([roof(0, v, 0.05), roof(L, v, 0.05)], { stroke: '#6b5030', 'stroke-width': 1 }));
  }
  // Gable edge: barge board when finished, the raw edge of the roof elements before.
  const over = planeMap(cam, [0, 0, -0.3], [1, 0, 0], [0, 1, 0]);
  const edge = (a, b, h, fill) => poly([over(a[0], a[1]), over(b[0], b[1]), over(b[0], b[1] + h), over(a[0], a[1] + h)], { fill });
  s.add(poly([front(W / 2, R), front(W, E), over(W + ov, eaveY), over(W / 2, R)], { fill: '#2e2824' }));
  s.add(poly([front(W / 2, R), front(0, E), over(-ov, eaveY), over(W / 2, R)], { fill: '#3a322c' }));
  if (done) {
    s.add(edge([-ov, eaveY - 0.08], [W / 2, R - 0.08], 0.36, '#3a3d42'), edge([W / 2, R - 0.08], [W + ov, eaveY - 0.08], 0.36, '#3a3d42'));
    s.add(tube(s, roof(-0.05, -0.05, 0.1), roof(L, -0.05, 0.1), 7));
  } else {
    s.add(edge([-ov, eaveY - 0.12], [W / 2, R - 0.12], 0.3, '#d2b98a'), edge([W / 2, R - 0.12], [W + ov, eaveY - 0.12], 0.3, '#d2b98a'));
    s.add(line([over(-ov, eaveY + 0.15), over(W / 2, R + 0.15), over(W + ov, eaveY + 0.15)], { stroke: '#b68e56', 'stroke-width': 3 }));
    // Scaffolding along the side wall, up to just under the eaves.
    const scaf = (x, y, z) => cam([x, y, z]);
    const zs = [9.5, 7, 4.5, 2, -0.5];
    const DECK = E - 0.9;
    const parts = [];
    for (const z of zs) for (const x of [-1.6, -0.6]) parts.push(line([scaf(x, 0, z), scaf(x, DECK + 1.1, z)], { stroke: '#a4aab0', 'stroke-width': 3 }));
    parts.push(poly([scaf(-1.6, DECK, -0.5), scaf(-0.6, DECK, -0.5), scaf(-0.6, DECK, 9.5), scaf(-1.6, DECK, 9.5)], { fill: '#b0925f' }));
    parts.push(poly([scaf(-1.6, DECK, -0.5), scaf(-1.6, DECK, 9.5), scaf(-1.6, DECK - 0.2, 9.5), scaf(-1.6, DECK - 0.2, -0.5)], { fill: '#8a7048' }));
    for (const y of [DECK + 0.5, DECK + 1.0, 2.2]) parts.push(line([scaf(-1.6, y, -0.5), scaf(-1.6, y, 9.5)], { stroke: '#c9cdd0', 'stroke-width': 2.5 }));
    s.add(group({}, parts));
  }
  s.add(poly(quad(side, 0, E - 0.7, D, E), { fill: linearGradient(s, [[0, '#000', 0.35], [1, '#000', 0]]) }));
  if (done) s.add(...trees(s, wear, { items: [{ x: cam([-1.2, 0.4, -0.8])[0], y: cam([-1.2, 0.6, -0.8])[1], r: 50 }, { x: cam([W + 1.2, 0.4, 0.3])[0], y: cam([W + 1.2, 0.6, 0.3])[1], r: 60 }], colors: ['#25381c', '#45602c', '#8fa556'] }));
  return finishLikeAPhoto(s, { vignette: 0.25, grain: 0.04 });
}

/**
 * Project: a housing association's block of 1960s flats in Purmerend. Before:
 * old gravel-covered bitumen, stained, with low edges; after: insulated, new
 * light-grey covering and raised aluminium edge trims.
 */
function vveDakisolatiePurmerend(state) {
  const s = new Scene(1200, 900, 1601);
  const { rand } = s;
  const done = state === 'na';
  const wear = makeRng(1602);
  const cam = camera({ eye: [-5, 5.5, -7.5], target: [7, -2.5, 6], focal: 760, width: 1200, height: 900 });
  const HZ = cam([1000, 5.5, 1000])[1];
  const [X1, Z1] = [40, 10];
  const top = done ? 0.18 : 0;
  s.add(
    sky(s, [[0, '#4e88c2'], [0.4, '#8bb2d6'], [0.55, '#d6e1e8']]),
    clouds(s, rand, { count: 4, x: [0, 1200], y: [20, 140], size: [70, 120], lit: '#ffffff', shadow: '#bdc9d5', opacity: 0.85, blurPx: 5 }),
    distantCity(s, rand, { horizon: HZ + 10, width: 1200, amount: 0.5, scale: 0.8 }),
    rect(0, HZ + 8, 1200, 900, { fill: linearGradient(s, [[0, '#7d8c6a'], [1, '#4d6a33']]), filter: mottle(s, { freq: [0.01, 0.03], dark: 0.15, light: 0.06, seed: 83 }) }),
    ...trees(s, rand, { items: [{ x: 80, y: HZ + 60, r: 80 }, { x: 260, y: HZ + 50, r: 60 }, { x: 1000, y: HZ + 45, r: 70 }, { x: 1160, y: HZ + 60, r: 80 }], colors: ['#4d5b4a', '#6f7d5c', '#a3ae86'], leafFreq: 0.4 }),
  );
  // The next block of the same estate further back, then the street in front of ours.
  s.add(group({ filter: haze(s, '#c9d4dc', 0.2) }, box(cam, [-8, -11.2, 30], [48, 0, 0], [0, 0, 10], [0, 11.2, 0], { top: '#7a7872', side: '#a88656', front: '#8a6e48' }), [-8.4, -5.6, -2.8].map((y) => poly(quad(planeMap(cam, [-8, y, 29.95], [1, 0, 0], [0, 1, 0]), 0, 1.0, 48, 2.1), { fill: '#5c6670', opacity: 0.45 }))));
  // Street and pavement along the front of the block.
  const street = planeMap(cam, [-30, -11.2, 0], [1, 0, 0], [0, 0, -1]);
  s.add(poly(quad(street, 0, 0, 90, 3), { fill: '#a9a49a' }), poly(quad(street, 0, 3, 90, 9), { fill: '#4d5053' }));
  // Facade: concrete floor bands, yellow-brown brick piers and ribbon windows.
  const front = planeMap(cam, [0, 0, 0], [1, 0, 0], [0, 1, 0]);
  const gable = planeMap(cam, [0, 0, Z1], [0, 0, -1], [0, 1, 0]);
  const FLOORS = 4;
  const FH = 2.8;
  s.add(poly(quad(front, 0, -FLOORS * FH - 1, X1, 0), { fill: brickPattern(s, { rand, scale: 22, colors: ['#a88656', '#b3915f', '#9c7b4d'], mortar: '#8f8575' }) }));
  const glass = glassFill(s, '#7c8e9c');
  for (let f = 0; f < FLOORS; f += 1) {
    const v = -FLOORS * FH + f * FH;
    s.add(poly(quad(front, 0, v + FH - 0.35, X1, v + FH), { fill: '#cfcbc2' }));
    for (let u = 0.8; u < X1 - 2; u += 3.6) s.add(...sashWindow(s, front, { u, v: v + 0.9, w: 2.6, h: 1.4, frame: '#f0eee8', glass, rand, bars: [3, 1], sill: false, reveal: 0.25 }));
  }
  s.add(poly(quad(gable, 0, -FLOORS * FH - 1, Z1, 0), { fill: brickPattern(s, { rand, scale: 18, colors: ['#a88656', '#b3915f', '#9c7b4d'], mortar: '#8f8575' }) }), poly(quad(gable, 0, -FLOORS * FH - 1, Z1, 0), { fill: '#0d1220', opacity: 0.3 }));
  // Roof surface.
  const roof = planeMap(cam, [0, top, 0], [1, 0, 0], [0, 0, 1]);
  if (done) {
    const strips = [poly(quad(roof, 0, 0, X1, Z1), { fill: '#b9bdbe' })];
    for (let x = 1; x < X1; x += 1) strips.push(line([roof(x, 0), roof(x, Z1)], { stroke: '#9ea3a5', 'stroke-width': 1.4 }), line([roof(x + 0.04, 0), roof(x + 0.04, Z1)], { stroke: '#e3e6e6', 'stroke-width': 0.8 }));
    s.add(group({ filter: mottle(s, { freq: 0.4, dark: 0.06, light: 0.05, octaves: 1, seed: 81 }) }, strips));
  } else {
    s.add(poly(quad(roof, 0, 0, X1, Z1), { fill: '#6c6a64', filter: mottle(s, { freq: [0.01, 0.03], dark: 0.3, light: 0.12, seed: 82 }) }));
    s.add(...specks(cam, wear, { x0: 0, x1: X1, z0: 0, z1: Z1, count: 9000, colors: ['#9a9890', '#86847c', '#b0ada4', '#5e5c56'], size: 0.03 }));
    // Bare patches where the gravel has washed away, tar stains and moss.
    for (const [u, v, r] of [[6, 4, 1.2], [14, 6.5, 1.6], [23, 3, 1.1], [31, 6, 1.8]]) s.add(...puddle(s, roof, wear, { u, v, r: r * 0.6 }));
    s.add(moss(s, roof, wear, [...scatter(wear, 60, [0.2, X1], [0.1, 0.6]), ...scatter(wear, 30, [0.1, 0.6], [0, Z1])], 0.12));
  }
  // Edge trims: the old ones low and dull, the new ones raised with the insulation.
  const edgeH = done ? 0.38 : 0.14;
  const trims = [
    roofEdge(s, cam, { from: [0, top, 0], to: [X1, top, 0], h: edgeH, inward: [0, 0, 1], surface: done ? '#b9bdbe' : '#5a5853' }),
    roofEdge(s, cam, { from: [0, top, Z1], to: [0, top, 0], h: edgeH, inward: [1, 0, 0], surface: done ? '#b9bdbe' : '#5a5853' }),
  ];
  s.add(...trims.flat());
  // Fascia band on the facade under the roof edge.
  s.add(poly(quad(front, 0, -0.4, X1, top + 0.02), { fill: done ? '#e9e7e1' : '#a8a49a' }), poly(quad(gable, 0, -0.4, Z1, top + 0.02), { fill: done ? '#c8c6c0' : '#8d8a82' }));
  if (!done) {
    s.add(streaks(s, front, scatter(wear, 30, [0.5, X1], [-0.4, -0.38]).map(([u, v]) => [u, v, wear.range(0.5, 1.8), wear.range(0.1, 0.3)]), { opacity: 0.35 }));
    s.add(poly(quad(planeMap(cam, [0, top, 0.03], [1, 0, 0], [0, 1, 0]), 0, 0.06, X1, 0.16), { fill: '#3e3a32', opacity: 0.4 }));
  }
  // Vent pipes and a roof hatch.
  for (const [x, z] of [[5, 6], [13, 7], [21, 6], [29, 7], [37, 6]]) s.add(...cylinder(s, cam, { base: [x, top, z], axis: [0, 1, 0], r: 0.08, len: 0.6, color: done ? '#a4acb3' : '#6c6c68', cap: '#2c2e30' }));
  s.add(...box(cam, [17.5, top, 3], [1.2, 0, 0], [0, 0, 1.2], [0, 0.5, 0], { top: done ? '#d0d3d4' : '#8a8882', side: done ? '#9ea2a4' : '#6c6a64', front: done ? '#b6babc' : '#7a7872' }));
  return finishLikeAPhoto(s, { vignette: 0.25, grain: 0.04 });
}

/**
 * Project: gutter and downpipe of a 1930s house in Amstelveen, seen from the
 * garden. Before: a rusty steel gutter sagging between its brackets, dripping
 * onto a stained wall; after: new zinc gutter and downpipe.
 */
function zinkenGotenAmstelveen(state) {
  const s = new Scene(1200, 900, 1701);
  const { rand } = s;
  const done = state === 'na';
  const wear = makeRng(1702);
  const cam = camera({ eye: [-0.8, 2.6, -3.6], target: [2.6, 4.9, 0.3], focal: 880, width: 1200, height: 900 });
  const EAVE = 5.4;
  const GZ = -0.5;
  const GY = EAVE + 0.02;
  const PX = 4.6;
  const [X0, X1] = [-3, 20];

  s.add(sky(s, [[0, '#4f86c0'], [0.5, '#8db4d8'], [1, '#cfe0ea']]));
  s.add(clouds(s, rand, { count: 2, x: [600, 1150], y: [40, 180], size: [90, 140], lit: '#ffffff', shadow: '#c3cfdb', opacity: 0.85 }));

  // Roof above: glazed dark-red pantiles, seen from below only at their ends.
  const tileEdge = [];
  const under = [];
  for (let x = X0; x <= X1; x += 0.0275) {
    const wave = Math.sin(((x - X0) / 0.22) * Math.PI * 2) * 0.03;
    tileEdge.push(cam([x, EAVE + 0.4 + wave, GZ - 0.05]));
    under.push(cam([x, EAVE + 0.5, GZ + 0.25]));
  }
  s.add(poly([...tileEdge, ...under.reverse()], { fill: '#3a2420' }));
  s.add(line(tileEdge, { stroke: '#7a3a2c', 'stroke-width': 5, 'stroke-linejoin': 'round' }));
  if (!done) s.add(...scatter(wear, 7, [X0 + 1, X1 - 1], [0, 1]).map(([x]) => ellipse(...cam([x, EAVE + 0.46, GZ - 0.05]), wear.range(8, 16), wear.range(4, 7), { fill: '#55652a', opacity: 0.9 })));
  // Overhang: painted boarding underneath and a fascia board in front.
  const soffit = planeMap(cam, [X0, EAVE, 0], [1, 0, 0], [0, 0, 1]);
  const fascia = planeMap(cam, [X0, EAVE, GZ + 0.08], [1, 0, 0], [0, 1, 0]);
  const paint = done ? '#f1eee6' : '#cfc7b3';
  s.add(poly(quad(soffit, 0, GZ + 0.08, X1 - X0, 0), { fill: linearGradient(s, [[0, shade(paint, -0.1)], [1, shade(paint, -0.35)]]) }));
  for (let z = GZ + 0.18; z < 0; z += 0.1) s.add(line([soffit(0, z), soffit(X1 - X0, z)], { stroke: '#000', 'stroke-opacity': 0.12, 'stroke-width': 1 }));
  s.add(poly(quad(fascia, 0, 0, X1 - X0, 0.4), { fill: done ? '#2f4f3c' : '#4a5a4a' }));
  if (!done) s.add(group({ filter: blur(s, 0.5) }, scatter(wear, 30, [0, X1 - X0], [0.05, 0.35]).map(([u, v]) => {
    const [x, y] = fascia(u, v);
    return ellipse(x, y, wear.range(3, 9), wear.range(1.5, 3), { fill: '#9a8f78', opacity: 0.8 });
  })));

  // Brick facade of the 1930s: dark red-brown brick, a window with a leaded top light.
  const wall = planeMap(cam, [X0, 0, 0], [1, 0, 0], [0, 1, 0]);
  s.add(group({ filter: mottle(s, { freq: 0.03, dark: 0.08, light: 0.04, seed: 91 }) }, brickWall(s, wall, { u0: 0, u1: X1 - X0, v0: 0.5, v1: EAVE, rand, colors: BRICK.brown, mortar: '#8c8273', jointShadow: 0.4 })));
  const WU = 3.6;
  const glass = glassFill(s, '#6b8193');
  s.add(poly(quad(wall, WU - 0.15, 2.0, WU + 2.55, 4.75), { fill: '#f2efe6' }));
  s.add(poly(quad(wall, WU, 2.15, WU + 2.4, 3.9), { fill: glass }));
  s.add(poly(quad(wall, WU + 1.15, 2.15, WU + 1.25, 3.9), { fill: '#f2efe6' }));
  // Leaded top light: small coloured panes in a grid.
  for (let i = 0; i < 8; i += 1) {
    for (let j = 0; j < 2; j += 1) {
      const fill = (i + j) % 3 === 0 ? '#a88a4c' : (i + j) % 3 === 1 ? '#7f9590' : '#c9c3ae';
      s.add(poly(quad(wall, WU + 0.05 + i * 0.29, 4.0 + j * 0.33, WU + 0.31 + i * 0.29, 4.3 + j * 0.33), { fill, opacity: 0.7 }));
    }
  }
  s.add(poly(quad(wall, WU - 0.25, 4.75, WU + 2.65, 5.0), { fill: '#6b3a28' }));
  s.add(poly(quad(wall, 0, EAVE - 0.6, X1 - X0, EAVE), { fill: linearGradient(s, [[0, '#000', 0.45], [1, '#000', 0]], { x1: 0, y1: 1, x2: 0, y2: 0 }) }));
  s.add(poly(quad(wall, 0, 0.5, X1 - X0, EAVE), { fill: linearGradient(s, [[0, '#ffe2b0', 0.14], [0.6, '#ffe2b0', 0], [1, '#10141c', 0.2]], { x1: 0, y1: 0, x2: 1, y2: 0 }) }));

  // Gutter line: straight when new, sagging between the brackets when old.
  const brackets = [X0 + 0.4, 0.2, 1.4, 2.6, 3.8, 5.0, 6.2, 7.4, 8.6, 9.8];
  const sag = (x) => {
    if (done) return 0;
    // The middle brackets have given way; the dip is deepest near the downpipe.
    const t = clamp((x - 1.4) / (7.4 - 1.4));
    return Math.sin(t * Math.PI) * 0.16 + Math.sin(t * Math.PI * 5) * 0.01;
  };
  const gutterR = 0.07;
  const stops = done ? ZINC : [[0, '#3e3328'], [0.2, '#8a6a4c'], [0.4, '#a1896c'], [0.6, '#6d5540'], [0.85, '#4a3a2c'], [1, '#5c4836']];
  if (!done) {
    // Wet, green-stained brick under the dip and the leaking joint.
    const stains = [[PX - 1.4, 2.8, 0.5], [PX - 0.4, 3.6, 0.4], [PX + 0.9, 2.2, 0.35], [1.2, 1.5, 0.3]];
    s.add(streaks(s, wall, stains.map(([x, l, w]) => [x - X0, EAVE - 0.1, l, w]), { color: '#2c3320', opacity: 0.45, px: 6 }));
  }
  // Downpipe with clips, shadow on the wall.
  const WZ = -0.08;
  const pipeStops = done ? ZINC : stops;
  s.add(group({ filter: blur(s, 5), opacity: 0.4 }, poly(quad(wall, PX + 0.12 - X0, -1, PX + 0.22 - X0, EAVE - 0.7), { fill: '#1a0f0a' })));
  const neckTop = EAVE - 0.25 - sag(PX);
  const neckBottom = EAVE - 0.7;
  s.add(...cylinder(s, cam, { base: [PX, -1.5, WZ], axis: [0, 1, 0], r: 0.045, len: neckBottom + 1.5, color: '#8e979e', stops: pipeStops }));
  for (const y of [1.0, 2.4, 3.8]) s.add(...cylinder(s, cam, { base: [PX, y, WZ], axis: [0, 1, 0], r: 0.053, len: 0.035, color: '#6c757c', stops: pipeStops.map(([o, c]) => [o, shade(c, -0.15)]) }));
  s.add(...cylinder(s, cam, { base: [PX, neckBottom, WZ], axis: [0, neckTop - neckBottom, GZ - WZ], r: 0.045, len: Math.hypot(neckTop - neckBottom, GZ - WZ), color: '#8e979e', stops: pipeStops }));
  s.add(...cylinder(s, cam, { base: [PX, neckTop, GZ], axis: [0, 1, 0], r: 0.045, len: GY - sag(PX) - neckTop - 0.02, color: '#8e979e', stops: pipeStops }));
  // Brackets (one bent loose when old), then the gutter in short pieces so it can bend.
  for (const x of brackets) {
    const drop = sag(x);
    s.add(poly([cam([x, GY - drop - gutterR - 0.012, GZ]), cam([x + 0.03, GY - drop - gutterR - 0.012, GZ]), cam([x + 0.03, EAVE + 0.25, GZ + 0.12]), cam([x, EAVE + 0.25, GZ + 0.12])], { fill: done ? '#5b636a' : '#4a3628' }));
  }
  s.add(group({ filter: blur(s, 6), opacity: 0.35 }, poly([cam([X0, EAVE - 0.05, 0]), cam([X1, EAVE - 0.05, 0]), cam([X1, EAVE - 0.3, 0]), cam([X0, EAVE - 0.3, 0])], { fill: '#000' })));
  const STEP = 0.4;
  for (let x = X0 + 0.2; x < X1 - 0.2; x += STEP) {
    const a = [x, GY - sag(x), GZ];
    const b = [x + STEP, GY - sag(x + STEP), GZ];
    const axis = v3.sub(b, a);
    s.add(...cylinder(s, cam, { base: a, axis, r: gutterR, len: Math.hypot(...axis) + 0.01, color: '#8e979e', cap: x === X0 + 0.2 ? '#7c858c' : undefined, stops }));
    s.add(...cylinder(s, cam, { base: v3.add(a, [0, gutterR * 0.95, -gutterR]), axis, r: 0.011, len: Math.hypot(...axis) + 0.01, color: '#c9d0d5', stops }));
  }
  if (!done) {
    // Rust blooms and the water dripping from the dip and the leaking joint.
    s.add(group({ filter: blur(s, 1.2) }, scatter(wear, 40, [X0 + 0.5, X1 - 0.5], [0, 1]).map(([x]) => {
      const [px, py] = cam([x, GY - sag(x) - wear.range(-0.03, 0.05), GZ - gutterR]);
      return ellipse(px, py, wear.range(3, 10), wear.range(2, 5), { fill: wear.pick(['#8a4a1e', '#a0561f', '#6a3a1a']), opacity: 0.8 });
    })));
    let drips = '';
    for (const x of [2.6, 3.3, 3.9, 4.5, 5.2, 5.9]) {
      const [dx, dy] = cam([x, GY - sag(x) - gutterR, GZ]);
      for (let k = 0; k < 3; k += 1) {
        const y = dy + 14 + k * wear.range(50, 110);
        drips += `M${fmt(dx + wear.range(-2, 2))} ${fmt(y)}v${fmt(wear.range(6, 14))}`;
      }
    }
    s.add(tag('path', { d: drips, stroke: '#dfe9f0', 'stroke-opacity': 0.75, 'stroke-width': 2.5, 'stroke-linecap': 'round' }));
    s.add(tag('path', { d: drips, stroke: '#3d5566', 'stroke-opacity': 0.3, 'stroke-width': 1, 'stroke-linecap': 'round', transform: 'translate(1 1)' }));
  }
  return finishLikeAPhoto(s, { vignette: 0.25, grain: 0.035 });
}

// ---------------------------------------------------------------------------
// Team scenes: each a roofer at work, figure clearly visible
// ---------------------------------------------------------------------------

/** Roof ladder hooked over the ridge: two rails and rungs on a roof plane. */
function roofLadder(s, map, { u, v0, v1, width = 0.45 }) {
  const out = [group({ filter: blur(s, 2), opacity: 0.4 }, poly(quad(map, u + 0.05, v0, u + width + 0.08, v1, 0.02), { fill: '#111' }))];
  for (const lu of [u, u + width]) out.push(line([map(lu, v0, 0.08), map(lu, v1, 0.08)], { stroke: '#bdb7ab', 'stroke-width': 3 }));
  for (let v = v0 + 0.2; v < v1; v += 0.3) out.push(line([map(u, v, 0.08), map(u + width, v, 0.08)], { stroke: '#a59f93', 'stroke-width': 2.2 }));
  return out;
}

/** Team: the owner at work on the slate roof of a canal house. */
function teamEigenaar() {
  const s = new Scene(1200, 900, 1801);
  const { rand } = s;
  const cam = camera({ eye: [-2.9, 2.9, -2.6], target: [0.0, 2.6, 2.6], focal: 900, width: 1200, height: 900 });
  s.add(
    sky(s, [[0, '#5b8fc6'], [0.4, '#a2c0dc'], [0.7, '#ecdcc2']], { x: 100, y: 400, r: 700, color: '#ffe8c4', opacity: 0.5 }),
    clouds(s, rand, { count: 3, x: [300, 1150], y: [40, 160], size: [90, 150], lit: '#fff6ea', shadow: '#c2c8d4', opacity: 0.8, blurPx: 5 }),
  );
  const { out, roof } = canalSlateRoof(s, cam, { worn: false, seed: 1102 });
  s.add(out);
  s.add(...roofLadder(s, roof, { u: -1.9, v0: -0.1, v1: 6 }));
  const sl = Math.sin(CANAL_PITCH);
  const [kx, ky] = roof(-1.0, 2.3, 0.05);
  const [, hy] = cam([-1.0, 0.05 + 2.3 * sl + 1.25, 2.3 * Math.cos(CANAL_PITCH)]);
  s.add(roofer(kx, ky, ky - hy, { helmet: '#f4f4ef', tool: 'trowel' }));
  s.add(rect(0, 0, 1200, 900, { fill: linearGradient(s, [[0, '#ffb25a', 0.1], [0.6, '#ffb25a', 0.02], [1, '#ffb25a', 0]], { x1: 0, y1: 0, x2: 1, y2: 0.3 }) }));
  return finishLikeAPhoto(s, { vignette: 0.28, grain: 0.04 });
}

/** Team: the project manager checking the work on a new flat roof, tablet in hand. */
function teamProjectleider() {
  const s = new Scene(1200, 900, 1901);
  const { rand } = s;
  const cam = camera({ eye: [-1.0, 1.6, -2.5], target: [1.0, 1.1, 10], focal: 820, width: 1200, height: 900 });
  const HZ = cam([0, 1.6, 1000])[1];
  s.add(
    sky(s, [[0, '#5a8cc0'], [0.3, '#93b5d6'], [0.45, '#d9e2e8']]),
    clouds(s, rand, { count: 4, x: [0, 1200], y: [40, 240], size: [100, 170], lit: '#ffffff', shadow: '#b5c2cf', opacity: 0.85, blurPx: 6 }),
    distantCity(s, rand, { horizon: HZ + 6, width: 1200, amount: 0.6, scale: 0.7 }),
    industrialSkyline(s, rand, { horizon: HZ + 20, width: 1200 }),
  );
  const { out } = hallRoof(s, cam, { worn: false, seed: 1302 });
  s.add(out);
  const [fx, fy] = cam([0.9, 0, 2.6]);
  const [, hy] = cam([0.9, 1.85, 2.6]);
  s.add(standingRoofer(fx, fy, fy - hy, { helmet: '#f4f4ef' }));
  return finishLikeAPhoto(s, { vignette: 0.25, grain: 0.04 });
}

/** Team: the emergency specialist securing a storm-damaged tiled roof in the rain at dusk. */
function teamSpoedspecialist() {
  const s = new Scene(1200, 900, 2001);
  const { rand } = s;
  const cam = camera({ eye: [0.5, 8.2, -4.8], target: [2.6, 8.8, 2.5], focal: 900, width: 1200, height: 900 });
  s.add(
    sky(s, [[0, '#1f2a3a'], [0.45, '#3c4a5c'], [0.75, '#8a7a6e'], [0.9, '#c99566']]),
    clouds(s, rand, { count: 5, x: [0, 1200], y: [20, 220], size: [150, 240], lit: '#4c5666', shadow: '#262e3a', opacity: 0.8, blurPx: 16 }),
  );
  const { out, roof } = tiledTerraceRoof(s, cam, { storm: true, seed: 1402 });
  s.add(out);
  // Dusk: the whole scene darkened and cooled, wet sheen towards the sky.
  s.add(rect(0, 0, 1200, 900, { fill: '#1a2434', opacity: 0.42 }));
  s.add(poly(quad(roof, -10, 0, 12, 5.6), { fill: linearGradient(s, [[0, '#c9d3dd', 0.18], [1, '#c9d3dd', 0]]) }));
  // Roofer in yellow rain gear, kneeling at the tarp, headlamp on.
  const sl = Math.sin(HOUSE_PITCH);
  const u = 1.4;
  const v = 3.3;
  const base = [u, 6.1 + v * sl, -0.35 + v * Math.cos(HOUSE_PITCH)];
  const [kx, ky] = roof(u, v, 0.05);
  const [, hy] = cam(v3.add(base, [0, 1.25, 0]));
  const size = ky - hy;
  const k = size / 100;
  s.add(group({ filter: blur(s, 18), opacity: 0.25 }, ellipse(kx + 125 * k, ky - 25 * k, 45 * k, 22 * k, { fill: '#fff2c8' })));
  s.add(roofer(kx, ky, size, { helmet: '#e8622a', jacket: '#d9b625', vest: '#e3c63a', tool: 'gun' }));
  s.add(ellipse(kx + 88 * k, ky - 94 * k, 4 * k, 3 * k, { fill: '#fffbe8' }), group({ filter: blur(s, 6) }, ellipse(kx + 92 * k, ky - 94 * k, 14 * k, 9 * k, { fill: '#fff6d0', opacity: 0.7 })));
  s.add(rain(s, rand, { count: 900, angle: 9, len: [14, 34], opacity: 0.18, width: 0.8 }));
  s.add(rain(s, rand, { count: 240, angle: 10, len: [40, 90], opacity: 0.22, width: 1.2 }));
  s.add(group({ filter: blur(s, 2) }, rain(s, rand, { count: 40, angle: 11, len: [90, 180], opacity: 0.16, width: 3 })));
  return finishLikeAPhoto(s, { vignette: 0.4, grain: 0.05 });
}

// ---------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------

/** A project's pair of files: the same scene in its 'voor' and 'na' state. */
const beforeAfter = (name, scene) => ({
  [`${name}-voor.jpg`]: () => scene('voor'),
  [`${name}-na.jpg`]: () => scene('na'),
});

export const SCENES = {
  'home-hero.jpg': homeHero,
  'dienst-daklekkage.jpg': daklekkage,
  'dienst-dakrenovatie.jpg': dakrenovatie,
  'dienst-bitumen-dak.jpg': bitumenDak,
  'dienst-pannendak.jpg': pannendak,
  'dienst-dakisolatie.jpg': dakisolatie,
  'dienst-dakpannen-vervangen.jpg': dakpannenVervangen,
  'dienst-zinken-dakgoot.jpg': zinkenDakgoot,
  'dienst-schoorsteen-renovatie.jpg': schoorsteenRenovatie,
  ...beforeAfter('project-grachtenpand-keizersgracht', grachtenpandKeizersgracht),
  ...beforeAfter('project-bedrijfshal-zaandam', bedrijfshalZaandam),
  ...beforeAfter('project-stormschade-haarlem', stormschadeHaarlem),
  ...beforeAfter('project-nieuwbouw-aalsmeer', nieuwbouwAalsmeer),
  ...beforeAfter('project-vve-dakisolatie-purmerend', vveDakisolatiePurmerend),
  ...beforeAfter('project-zinken-goten-amstelveen', zinkenGotenAmstelveen),
  'team-eigenaar.jpg': teamEigenaar,
  'team-projectleider.jpg': teamProjectleider,
  'team-spoedspecialist.jpg': teamSpoedspecialist,
};

export async function render(scene) {
  return sharp(Buffer.from(scene.toSvg())).jpeg(JPEG_OPTIONS).toBuffer();
}

async function main(prefixes) {
  await mkdir(OUT_DIR, { recursive: true });
  const wanted = Object.entries(SCENES).filter(([file]) => !prefixes.length || prefixes.some((p) => file.startsWith(p)));
  if (!wanted.length) throw new Error(`No scene matches ${prefixes.join(', ')}`);
  for (const [file, build] of wanted) {
    const jpeg = await render(build());
    await writeFile(path.join(OUT_DIR, file), jpeg);
    console.log(`${path.relative(process.cwd(), path.join(OUT_DIR, file))}  ${jpeg.length} bytes`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
