#!/usr/bin/env node
// Draws the road signs of Kazakhstan's sign annex (Приложение 1 к ПДД РК, numbering of СТ РК 1125) as small
// SVG files: public/images/questions/signs/kz/<slug>.svg (the rules page and the bank's sign questions share them), slug = the code with dots as hyphens and а б в г д as a b v g d
// (1.3.1 -> 1-3-1.svg, 5.8.2а -> 5-8-2a.svg). No dependencies and no randomness: every run writes the same
// bytes. Each sign is one line of the table SIGNS below (code -> shape + pictogram); the pictograms are
// drawn here from plain SVG primitives in a 100 x 100 box and placed into the shape.
//
//   node scripts/signs/draw-signs.mjs                 write every sign
//   node scripts/signs/draw-signs.mjs --sheet FILE    also write an HTML contact sheet (for a visual check)
//   node scripts/signs/draw-signs.mjs --check         write nothing; fail if a file on disk differs
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = join(ROOT, 'public', 'images', 'questions', 'signs', 'kz');

// Colours close to the RAL traffic colours of the standard.
const R = '#d0112b'; // red
const B = '#1b5faa'; // blue
const Y = '#fcc200'; // yellow
const G = '#00843d'; // green (motorway)
const K = '#1a1a1a'; // black
const W = '#fff';
const O = '#f58220'; // orange (dangerous-goods plate)
const GR = '#8c8c8c'; // grey (end-of-zone pictograms)
const FONT = 'font-family="Arial, Helvetica, sans-serif" font-weight="bold" text-anchor="middle"';

// ---------------------------------------------------------------- helpers
const n = (x) => String(Math.round(x * 10) / 10);
const rad = (deg) => (deg * Math.PI) / 180;
const pts = (list) => list.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
const text = (x, y, size, s, fill = K, extra = '') =>
  `<text x="${x}" y="${y}" ${FONT} font-size="${size}" fill="${fill}"${extra}>${s}</text>`;
const place = ([x, y, s], inner) => `<g transform="translate(${x} ${y}) scale(${s})">${inner}</g>`;
const flip = (inner) => `<g transform="matrix(-1 0 0 1 100 0)">${inner}</g>`;
const line = (x1, y1, x2, y2, c, w, cap = '') =>
  `<path d="M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}" stroke="${c}" stroke-width="${w}"${cap ? ` stroke-linecap="${cap}"` : ''}/>`;
const poly = (list, c) => `<path d="M${pts(list).replaceAll(' ', 'L')}Z" fill="${c}"/>`;
const circle = (cx, cy, r, c, extra = '') => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${c}"${extra}/>`;
const stroke = (d, c, w, extra = '') => `<path d="${d}" fill="none" stroke="${c}" stroke-width="${w}"${extra}/>`;
const round = ' stroke-linecap="round" stroke-linejoin="round"';

/** An arrowhead with its tip at (x, y) pointing along `deg` (0 = right, 90 = down). */
const head = (x, y, deg, len, width, c) => {
  const dx = Math.cos(rad(deg));
  const dy = Math.sin(rad(deg));
  const bx = x - dx * len;
  const by = y - dy * len;
  const h = width / 2;
  return poly(
    [
      [x, y],
      [bx - dy * h, by + dx * h],
      [bx + dy * h, by - dx * h],
    ],
    c,
  );
};

// ---------------------------------------------------------------- pictograms (100 x 100 box)
// Each takes the ink colour c and the background colour bg (for windows and gaps).
const P = {
  carSide: (c, bg) =>
    `<path d="M6 66V54q0-6 6-7l14-2 10-13q2-2 6-2h24q4 0 6 3l10 12 8 2q4 1 4 7v12z" fill="${c}"/>` +
    `<path d="M30 45l9-10h13v10zm26-10h10l8 10H56z" fill="${bg}"/>` +
    circle(25, 66, 10, c, ` stroke="${bg}" stroke-width="3"`) +
    circle(75, 66, 10, c, ` stroke="${bg}" stroke-width="3"`),
  carRear: (c, bg) =>
    `<path d="M29 27h42l7 19h6q4 0 4 4v22h-9v8h-12v-8H33v8H21v-8h-9V50q0-4 4-4h6z" fill="${c}"/>` +
    `<path d="M33 32h34l5 13H28z" fill="${bg}"/>` +
    `<path d="M16 53h10v6H16zm58 0h10v6H74z" fill="${bg}"/>`,
  truckSide: (c, bg) =>
    `<path d="M6 70V50l8-14q1-2 4-2h14v36z" fill="${c}"/>` +
    `<path d="M11 50l6-11h11v11z" fill="${bg}"/>` +
    `<path d="M35 22h59v42H35zM6 64h88v6H6z" fill="${c}"/>` +
    circle(20, 72, 9, c, ` stroke="${bg}" stroke-width="3"`) +
    circle(66, 72, 9, c, ` stroke="${bg}" stroke-width="3"`) +
    circle(84, 72, 9, c, ` stroke="${bg}" stroke-width="3"`),
  truckRear: (c, bg) =>
    `<path d="M20 12h60v56H20zM15 68h70v7H15zM20 75h16v11H20zm44 0h16v11H64z" fill="${c}"/>` +
    line(50, 16, 50, 64, bg, 2.5) +
    `<path d="M18 70h8v3h-8zm56 0h8v3h-8z" fill="${bg}"/>`,
  bus: (c, bg) =>
    `<path d="M6 30q0-6 6-6h76q6 0 6 6v38H6z" fill="${c}"/>` +
    `<path d="M10 30h14v16H10zm18 0h14v16H28zm18 0h14v16H46zm18 0h14v16H64zm18 0h8v24h-8z" fill="${bg}"/>` +
    circle(24, 68, 9, c, ` stroke="${bg}" stroke-width="3"`) +
    circle(76, 68, 9, c, ` stroke="${bg}" stroke-width="3"`),
  moto: (c) =>
    circle(20, 68, 13, 'none', ` stroke="${c}" stroke-width="6"`) +
    circle(80, 68, 13, 'none', ` stroke="${c}" stroke-width="6"`) +
    stroke('M80 68L64 50H38L20 68', c, 6) +
    stroke('M20 68L31 36M25 33l12 2', c, 6, ' stroke-linecap="round"') +
    `<path d="M36 44q0-6 6-6h16l10 6-4 8H40z" fill="${c}"/><path d="M42 50h18v16H42z" fill="${c}"/>`,
  tractor: (c, bg) =>
    circle(70, 62, 24, c) +
    circle(70, 62, 9, bg) +
    circle(22, 74, 12, c) +
    circle(22, 74, 4, bg) +
    `<path d="M10 48h42v16H10zM22 34h5v14h-5zM50 20h34v4H50zM50 20h4v32h-4zM80 20h4v20h-4z" fill="${c}"/>`,
  horseCart: (c, bg) =>
    // horse facing left, cart with driver behind it
    `<path d="M18 42q6-4 14-2l14 2q8 0 10 6l-2 10q-12 4-28 0z" fill="${c}"/>` +
    `<path d="M20 46L10 26l8-4 10 20zM11 23L1 33l4 5 12-9zM13 23l2-7 4 6z" fill="${c}"/>` +
    stroke('M22 56l-4 18M28 58l2 16M44 58l-2 16M50 56l6 18', c, 4, ' stroke-linecap="round"') +
    stroke('M54 50l6 8', c, 3) +
    `<path d="M58 42h36v12H58z" fill="${c}"/>` +
    circle(76, 66, 12, 'none', ` stroke="${c}" stroke-width="5"`) +
    stroke('M76 54v24M64 66h24', c, 2.5) +
    circle(78, 22, 6, c) +
    `<path d="M72 30h12l2 12H70z" fill="${c}"/>` +
    stroke('M72 33L58 40', c, 3, ' stroke-linecap="round"') +
    '',
  bicycle: (c) =>
    circle(22, 64, 16, 'none', ` stroke="${c}" stroke-width="5"`) +
    circle(78, 64, 16, 'none', ` stroke="${c}" stroke-width="5"`) +
    stroke('M22 64h24L38 40zM40 40h28L46 64M78 64L66 30', c, 5, round) +
    stroke('M32 37h12M58 30h12', c, 6, ' stroke-linecap="round"'),
  scooter: (c) =>
    stroke('M14 80h54l8-60h10', c, 6, round) +
    circle(16, 84, 7, c) +
    circle(72, 84, 7, c) +
    circle(42, 10, 8, c) +
    stroke('M41 24l-2 26', c, 12, round) +
    stroke('M39 50l-6 26M39 50l9 26M42 28l18 4 16-10', c, 7, round),
  walker: (c) =>
    circle(54, 12, 9, c) +
    stroke('M52 27l-4 29', c, 13, round) +
    stroke('M51 31L39 44l-5 11M52 31l10 12 9 6', c, 7, round) +
    stroke('M48 56l12 16 6 18M47 57l-7 17-10 14', c, 9, round),
  child: (c) =>
    circle(50, 14, 10, c) +
    stroke('M50 30l-3 26', c, 14, round) +
    stroke('M49 34L37 48M50 34l12 13', c, 7, round) +
    stroke('M47 56l10 16 4 16M46 58l-8 14-8 12', c, 9, round),
  deer: (c) =>
    `<path d="M34 40q12-10 34-6 12 2 16 10l-4 8q-20 6-40 2z" fill="${c}"/>` +
    `<path d="M40 44L30 24l8-2 10 20z" fill="${c}"/>` +
    `<path d="M31 22l-9 4-4 6 6 2 11-6z" fill="${c}"/>` +
    stroke('M33 24l-4-14-6-6M30 15l6-7M36 22l4-12 6-4', c, 3, round) +
    stroke('M40 52L26 62l-8 8M44 54l-12 14-6 8M72 52l10 12 12 8M78 48l12 8 8 2', c, 5, round),
  cow: (c) =>
    `<path d="M32 34h44q8 0 8 8v14q0 4-4 4H32q-4 0-4-4V38q0-4 4-4z" fill="${c}"/>` +
    `<path d="M32 36l-14 2-8 12 4 6 14-4z" fill="${c}"/>` +
    stroke('M24 36q-4-8 2-12M30 36q2-8 8-10', c, 3, round) +
    `<path d="M34 58h7v24h-7zm10 0h7v24h-7zm22 0h7v24h-7zm10 0h7v24h-7z" fill="${c}"/>` +
    stroke('M84 40q6 6 4 22', c, 3, round),
  loco: (c, bg) =>
    `<path d="M14 40h52v22H14zM20 26h9v14h-9zM17 22h15v5H17zM38 34h9v6h-9zM64 26h26v36H64zM61 21h32v5H61zM8 62h86v5H8z" fill="${c}"/>` +
    `<path d="M70 32h14v10H70z" fill="${bg}"/>` +
    poly(
      [
        [14, 62],
        [4, 74],
        [14, 74],
      ],
      c,
    ) +
    [24, 42, 60, 80].map((x) => circle(x, 73, 7, c, ` stroke="${bg}" stroke-width="2.5"`)).join(''),
  fence: (c) =>
    `<path d="M8 36h84v9H8zM8 60h84v9H8z" fill="${c}"/>` +
    [14, 46, 78].map((x) => `<path d="M${x} 84V28l4-6 4 6v56z" fill="${c}"/>`).join(''),
  tram: (c, bg) =>
    `<path d="M24 34q0-6 6-6h40q6 0 6 6v46H24z" fill="${c}"/>` +
    `<path d="M30 36h40v20H30z" fill="${bg}"/>` +
    circle(34, 68, 4, bg) +
    circle(66, 68, 4, bg) +
    `<path d="M28 80h12v8H28zm32 0h12v8H60z" fill="${c}"/>` +
    stroke('M40 28l10-14 10 14M38 12h24', c, 3),
  lights: () =>
    `<rect x="34" y="6" width="32" height="88" rx="7" fill="${K}"/>` +
    circle(50, 22, 10, R) +
    circle(50, 50, 10, Y) +
    circle(50, 78, 10, G),
  drawbridge: (c) =>
    `<path d="M4 56h16v14H4zm76 0h16v14H80z" fill="${c}"/>` +
    poly(
      [
        [6, 56],
        [20, 56],
        [46, 24],
        [40, 18],
      ],
      c,
    ) +
    poly(
      [
        [94, 56],
        [80, 56],
        [54, 24],
        [60, 18],
      ],
      c,
    ) +
    stroke('M8 80q7-6 14 0t14 0 14 0 14 0 14 0 14 0M8 92q7-6 14 0t14 0 14 0 14 0 14 0 14 0', c, 4),
  quay: (c, bg) =>
    `<path d="M2 50h44v40H2z" fill="${c}"/>` +
    `<g transform="rotate(32 46 50) translate(28.5 -3.2) scale(0.7)">${flip(P.carSide(c, bg))}</g>` +
    stroke('M50 78q6-5 12 0t12 0 12 0 12 0M50 89q6-5 12 0t12 0 12 0 12 0', c, 4),
  bend: (c) => stroke('M40 90V58q0-24 24-24', c, 12) + head(90, 34, 0, 28, 34, c),
  bends: (c) => stroke('M34 90V76c0-16 32-14 32-30 0-12-24-12-24-22', c, 11) + head(42, 0, -90, 26, 32, c),
  slope: (c, bg, down) =>
    (down
      ? poly(
          [
            [10, 38],
            [94, 90],
            [10, 90],
          ],
          c,
        ) + text(68, 52, 26, '10%', c)
      : poly(
          [
            [90, 38],
            [90, 90],
            [6, 90],
          ],
          c,
        ) + text(32, 52, 26, '10%', c)) + '',
  slippery: (c, bg) =>
    `<g transform="rotate(-12 50 30) translate(24 0) scale(0.52)">${P.carRear(c, bg)}</g>` +
    stroke('M30 92c0-14 18-14 18-28s-12-12-8-20M58 92c0-14 18-14 18-28s-12-12-8-20', c, 4.5, round),
  bumps: (c) => `<path d="M4 88V74q15-34 30 0h32q15-34 30 0v14z" fill="${c}"/>`,
  hump: (c) => `<path d="M4 88V76h18q28-44 56 0h18v12z" fill="${c}"/>`,
  gravel: (c, bg) =>
    place([22, 40, 0.66], P.carSide(c, bg)) +
    [
      [14, 56, 5],
      [14, 40, 4],
      [24, 30, 4.5],
      [86, 46, 4],
      [78, 32, 5],
      [92, 60, 3.5],
      [66, 22, 3.5],
      [36, 20, 3.5],
    ]
      .map(([x, y, r]) => circle(x, y, r, c))
      .join(''),
  narrow: (c, bg, side) => {
    const bent = (x, dx) => `M${x} 90V64L${x + dx} 46V10`;
    const left = side === 'right' ? 'M28 90V10' : bent(28, 16);
    const right = side === 'left' ? 'M72 90V10' : bent(72, -16);
    return stroke(`${left}${right}`, c, 9);
  },
  twoWay: (c) => stroke('M34 8v56M66 90V34', c, 10) + head(34, 90, 90, 28, 30, c) + head(66, 6, -90, 28, 30, c),
  roundabout: (c, bg, w = 9) => {
    const r = 30;
    let s = '';
    for (let i = 0; i < 3; i++) {
      const a0 = -30 + 120 * i;
      const a1 = a0 - 72;
      const p = (a) => [50 + r * Math.cos(rad(a)), 50 + r * Math.sin(rad(a))];
      const [x0, y0] = p(a0);
      const [x1, y1] = p(a1);
      s += stroke(`M${n(x0)} ${n(y0)}A${r} ${r} 0 0 0 ${n(x1)} ${n(y1)}`, c, w);
      // the head continues the arc along its tangent (angle decreasing = counter-clockwise)
      const t = rad(a1 - 95);
      s += head(x1 + 20 * Math.cos(t), y1 + 20 * Math.sin(t), a1 - 100, 22, 26, c);
    }
    return s;
  },
  worker: (c) =>
    `<path d="M4 90q14-26 30 0z" fill="${c}"/>` +
    circle(64, 18, 9, c) +
    stroke('M60 32l8 28', c, 13, round) +
    stroke('M68 60l-8 28M68 60l14 28', c, 9, round) +
    stroke('M60 36l-14 12M62 38l-14 18', c, 6, round) +
    stroke('M64 30L30 74', c, 4, round) +
    poly(
      [
        [32, 70],
        [20, 80],
        [24, 86],
        [36, 76],
      ],
      c,
    ),
  rocks: (c) =>
    poly(
      [
        [62, 12],
        [74, 14],
        [96, 52],
        [98, 90],
        [84, 90],
        [76, 64],
        [64, 40],
      ],
      c,
    ) +
    poly(
      [
        [34, 22],
        [46, 20],
        [48, 32],
        [36, 34],
      ],
      c,
    ) +
    poly(
      [
        [18, 48],
        [32, 44],
        [36, 58],
        [22, 62],
      ],
      c,
    ) +
    poly(
      [
        [44, 62],
        [60, 60],
        [62, 76],
        [46, 78],
      ],
      c,
    ) +
    poly(
      [
        [14, 78],
        [30, 76],
        [30, 90],
        [14, 90],
      ],
      c,
    ),
  windsock: (c, bg) =>
    stroke('M22 24v66', c, 5) + `<path d="M24 28l58 8v14l-58 8z" fill="${c}"/>` + stroke('M42 30v26M62 33v20', bg, 3),
  plane: (c) =>
    `<g transform="rotate(-40 50 50)"><path d="M46 14q4-10 8 0v22l36 20v8l-36-10v22l10 8v6l-14-4-14 4v-6l10-8V54l-36 10v-8l36-20z" fill="${c}"/></g>`,
  tunnel: (c) => `<path d="M6 92V44Q6 10 50 10t44 34v48H72V54q0-22-22-22T28 54v38z" fill="${c}"/>`,
  excl: (c) => `<path d="M43 10h14l-3 58h-8z" fill="${c}"/>` + circle(50, 82, 7, c),
  roadside: (c, bg) =>
    `<path d="M2 78h52l12 12H2z" fill="${c}"/>` +
    `<g transform="rotate(14 28 78) translate(9 20) scale(0.72)">${P.carRear(c, bg)}</g>`,
  jam: (c, bg) =>
    place([36, 0, 0.28], P.carRear(c, bg)) +
    place([27, 14, 0.46], P.carRear(c, bg)) +
    place([16, 28, 0.68], P.carRear(c, bg)),
  horn: (c) => circle(16, 50, 9, c) + `<path d="M22 45h24l36-20q4-2 4 4v42q0 6-4 4L46 55H22z" fill="${c}"/>`,
  wrench: (c) =>
    `<g transform="rotate(45 50 50)"><path d="M44 30h12v52q0 6-6 6t-6-6z" fill="${c}"/><path d="M36 10v14q0 10 14 10t14-10V10l-8 6v10H44V16z" fill="${c}"/></g>`,
  house: (c) => `<path d="M8 40L30 20l22 20v30H8z" fill="${c}"/>`,
};

// ---------------------------------------------------------------- shapes
// Each returns [viewBox, body].

/** Warning triangle, point up, red border on white. */
const TRI_BOX = [24, 32, 0.52];
const tri = (inner, box = TRI_BOX) => [
  '0 0 100 88',
  `<path d="M50 5L95 82.9H5z" fill="${R}" stroke="${W}" stroke-width="10" stroke-linejoin="round"/>` +
    `<path d="M50 5L95 82.9H5z" fill="${R}" stroke="${R}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M50 15L86.3 77.9H13.7z" fill="${W}" stroke="${W}" stroke-linejoin="round"/>` +
    (inner ? (box ? place(box, inner) : inner) : ''),
];
/** Priority triangle for 2.3.x: the same triangle with a road picture drawn directly. */

/** Prohibitory ring: red ring on white. `over` is drawn above the ring-less field (a slash). */
const BOX_RING = [20, 20, 0.6];
const ringShape = (inner, { field = W, over = '', box = BOX_RING } = {}) => [
  '0 0 100 100',
  circle(50, 50, 50, W) +
    circle(50, 50, 44, field) +
    (inner ? (box ? place(box, inner) : inner) : '') +
    over +
    circle(50, 50, 44.5, 'none', ` stroke="${R}" stroke-width="9"`),
];
const SLASH = line(21, 21, 79, 79, R, 8);
const XSLASH = SLASH + line(79, 21, 21, 79, R, 8);

/** End-of-zone disc: white with a thin grey rim and black diagonal stripes "/". */
const stripes = (count, gap, r = 47, w = 1.6, c = K) => {
  let s = '';
  for (let i = 0; i < count; i++) {
    const d = (i - (count - 1) / 2) * gap;
    const h = Math.sqrt(r * r - d * d);
    // normal (1,1)/sqrt2, direction (1,-1)/sqrt2
    const cx = 50 + d / Math.SQRT2;
    const cy = 50 + d / Math.SQRT2;
    s += line(cx - h / Math.SQRT2, cy + h / Math.SQRT2, cx + h / Math.SQRT2, cy - h / Math.SQRT2, c, w);
  }
  return s;
};
const endDisc = (inner, box = BOX_RING) => [
  '0 0 100 100',
  circle(50, 50, 49.5, W, ` stroke="${K}" stroke-width="1"`) +
    (inner ? (box ? place(box, inner) : inner) : '') +
    stripes(5, 5, 46.5),
];

/** Mandatory: blue disc with white pictogram. */
const BOX_DISC = [18, 18, 0.64];
const discShape = (inner, { box = BOX_DISC, over = '' } = {}) => [
  '0 0 100 100',
  circle(50, 50, 50, W) + circle(50, 50, 48, B) + (inner ? (box ? place(box, inner) : inner) : '') + over,
];
const RED_END = line(82, 18, 18, 82, R, 8);

/** Blue (or other) square/rectangle with a thin white edge. */
const panel = (w, h, inner, { fill = B, box = null, over = '' } = {}) => [
  `0 0 ${w} ${h}`,
  `<rect width="${w}" height="${h}" rx="6" fill="${W}"/><rect x="2.5" y="2.5" width="${w - 5}" height="${h - 5}" rx="4" fill="${fill}"/>` +
    (box ? place(box, inner) : inner) +
    over,
];
/** White plate (group 7) with a thin black border. */
const plate = (w, h, inner) => [
  `0 0 ${w} ${h}`,
  `<rect x="1" y="1" width="${w - 2}" height="${h - 2}" rx="4" fill="${W}" stroke="${K}" stroke-width="2"/>` + inner,
];

// ---------------------------------------------------------------- the signs
const warn = (fn, ...a) => tri(fn(K, W, ...a));
const ring = (fn, opts) => ringShape(fn(K, W), opts);
const noVeh = (fn) => ringShape(fn(K, W));
const disc = (fn, opts) => discShape(fn(W, B), opts);

// 1.4.x: white board with red diagonal stripes; 3, 2 or 1 stripes, "/" on the right side, "\" on the left.
const approach = (count, leftSide, id) => {
  const w = 40;
  const h = 120;
  let s = '';
  for (let i = 0; i < count; i++) {
    const y = 18 + i * 30;
    s += leftSide
      ? poly(
          [
            [0, y],
            [w, y + 26],
            [w, y + 40],
            [0, y + 14],
          ],
          R,
        )
      : poly(
          [
            [w, y],
            [0, y + 26],
            [0, y + 40],
            [w, y + 14],
          ],
          R,
        );
  }
  return [
    `0 0 ${w} ${h}`,
    `<clipPath id="${id}"><rect x="2" y="2" width="${w - 4}" height="${h - 4}"/></clipPath>` +
      `<rect x="1" y="1" width="${w - 2}" height="${h - 2}" fill="${W}" stroke="${K}" stroke-width="1"/>` +
      `<g clip-path="url(#${id})">${s}</g>`,
  ];
};

// 1.3.x: St Andrew's cross, white with a red edge; 1.3.2 adds a lower inverted V.
const andrew = (double) => {
  const L = 48; // half length of an arm
  const cos = Math.cos(rad(30));
  const sin = Math.sin(rad(30));
  const cy = 33;
  // each polyline is drawn red (wide) and then white (narrow, 3.5 shorter at the free ends)
  const lines = [
    [
      [50 - L * cos, cy - L * sin],
      [50 + L * cos, cy + L * sin],
    ],
    [
      [50 - L * cos, cy + L * sin],
      [50 + L * cos, cy - L * sin],
    ],
  ];
  if (double)
    lines.push([
      [50 - L * cos, cy + 30 + L * sin],
      [50, cy + 30],
      [50 + L * cos, cy + 30 + L * sin],
    ]);
  const shorten = (list, by) => {
    const out = list.map((p) => [...p]);
    const end = (i, j) => {
      const dx = list[j][0] - list[i][0];
      const dy = list[j][1] - list[i][1];
      const len = Math.hypot(dx, dy);
      out[i] = [list[i][0] + (dx / len) * by, list[i][1] + (dy / len) * by];
    };
    end(0, 1);
    end(list.length - 1, list.length - 2);
    return out;
  };
  const d = (list) => `M${pts(list).replaceAll(' ', 'L')}`;
  const red = lines.map((l) => d(l)).join('');
  const white = lines.map((l) => d(shorten(l, 3.5))).join('');
  return [`0 0 100 ${double ? 95 : 66}`, stroke(red, R, 17) + stroke(white, W, 10)];
};

// 1.31.x chevron boards: red with white chevrons
const chevron = (cx, cy, hh, dir, c) => {
  const t = hh * 0.6; // stroke thickness along x
  const a = dir > 0 ? 1 : -1;
  return poly(
    [
      [cx - a * hh * 0.55, cy - hh],
      [cx - a * hh * 0.55 + a * t, cy - hh],
      [cx + a * hh * 0.45 + a * t, cy],
      [cx - a * hh * 0.55 + a * t, cy + hh],
      [cx - a * hh * 0.55, cy + hh],
      [cx + a * hh * 0.45, cy],
    ],
    c,
  );
};
const chevBoard = (dirs) => {
  const w = 150;
  const h = 50;
  const body = dirs.map(([cx, d]) => chevron(cx, 25, 18, d, W)).join('');
  return [
    `0 0 ${w} ${h}`,
    `<rect width="${w}" height="${h}" rx="3" fill="${W}"/><rect x="2" y="2" width="${w - 4}" height="${h - 4}" rx="2" fill="${R}"/>${body}`,
  ];
};
const chevSingle = (d) => [
  '0 0 60 75',
  `<rect width="60" height="75" rx="3" fill="${W}"/><rect x="2" y="2" width="56" height="71" rx="2" fill="${R}"/>${chevron(30, 37.5, 24, d, W)}`,
];

// 1.32.x: obstacle marker: white board with red diagonal stripes sloping to the side of passing
const obstacle = (kind, id) => {
  const w = 40;
  const h = 100;
  let s = '';
  for (let i = -3; i < 7; i++) {
    const y = i * 20;
    if (kind === 'both') {
      s += `<path d="M0 ${y}L20 ${y + 14}L40 ${y}v10L20 ${y + 24}L0 ${y + 10}z" fill="${R}"/>`;
    } else if (kind === 'right') {
      s += `<path d="M0 ${y}L40 ${y + 28}v10L0 ${y + 10}z" fill="${R}"/>`;
    } else {
      s += `<path d="M40 ${y}L0 ${y + 28}v10L40 ${y + 10}z" fill="${R}"/>`;
    }
  }
  return [
    `0 0 ${w} ${h}`,
    `<clipPath id="${id}"><rect width="${w}" height="${h}" rx="2"/></clipPath>` +
      `<rect width="${w}" height="${h}" rx="2" fill="${W}"/><g clip-path="url(#${id})">${s}</g>` +
      `<rect x=".5" y=".5" width="${w - 1}" height="${h - 1}" rx="2" fill="none" stroke="${K}" stroke-width="1"/>`,
  ];
};

// 2.3.x: road picture drawn directly in the triangle coordinates
const ROAD_MAIN = (extra) => `<path d="M50 27V76" stroke="${K}" stroke-width="9"/>${extra}`;
const minor = (d) => `<path d="${d}" fill="none" stroke="${K}" stroke-width="4.5"/>`;

// 2.1 / 2.2 diamond
const diamond = (end) => [
  '0 0 100 100',
  `<g transform="rotate(45 50 50)"><rect x="15.5" y="15.5" width="69" height="69" rx="3" fill="${W}" stroke="${K}" stroke-width="1"/>` +
    `<rect x="27" y="27" width="46" height="46" fill="${Y}"/>` +
    (end ? [-15, -7.5, 0, 7.5, 15].map((d) => line(50 + d, 16, 50 + d, 84, K, 2.2)).join('') : '') +
    '</g>',
];

// 2.5 STOP octagon
const octagon = () => {
  const oct = (r) => {
    const list = [];
    for (let i = 0; i < 8; i++) {
      const a = rad(22.5 + 45 * i);
      list.push([50 + r * Math.cos(a), 50 + r * Math.sin(a)]);
    }
    return list;
  };
  return [
    '0 0 100 100',
    poly(oct(54), W).replace('/>', ` transform="scale(.98) translate(1 1)"/>`) +
      poly(oct(50.5), R) +
      text(50, 60.5, 28, 'STOP', W, ' letter-spacing="-.5"'),
  ];
};

// 2.4 yield: inverted triangle
const yieldSign = () => [
  '0 0 100 88',
  `<path d="M5 5H95L50 82.9z" fill="${R}" stroke="${W}" stroke-width="10" stroke-linejoin="round"/>` +
    `<path d="M5 5H95L50 82.9z" fill="${R}" stroke="${R}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M13.7 10H86.3L50 72.9z" fill="${W}" stroke="${W}" stroke-linejoin="round"/>`,
];

// Straight arrow from (x, y0) to a tip at (x, tip) in direction up/down (white on blue usually)
const vArrow = (x, from, tip, c, w = 12, hl = 24, hw = 34) => {
  const dir = tip < from ? -1 : 1;
  return stroke(`M${x} ${from}V${tip - dir * hl + dir}`, c, w) + head(x, tip, dir < 0 ? -90 : 90, hl, hw, c);
};
// 4.1.x arrows in the disc's 100-box
const ARROW = {
  up: (c) => vArrow(50, 94, 6, c, 14, 28, 40),
  right: (c) => stroke('M40 94V62q0-20 20-20h6', c, 14) + head(94, 42, 0, 28, 40, c),
  upRight: (c) =>
    stroke('M38 94V30', c, 13) +
    head(38, 4, -90, 26, 36, c) +
    stroke('M38 74q0-18 20-18h8', c, 13) +
    head(94, 56, 0, 26, 36, c),
  rightLeft: (c) =>
    stroke('M50 94V62q0-16-16-16h-6', c, 13) +
    head(4, 46, 180, 26, 36, c) +
    stroke('M50 62q0-16 16-16h6', c, 13) +
    head(96, 46, 0, 26, 36, c),
  keepRight: (c) => stroke('M24 24L64 64', c, 14) + head(84, 84, 45, 30, 42, c),
  keepBoth: (c) =>
    stroke('M50 6V30L24 58M50 30l26 28', c, 12, ' stroke-linejoin="round"') +
    head(12, 72, 135, 26, 36, c) +
    head(88, 72, 45, 26, 36, c),
  turnRight: (c) => stroke('M40 94V56q0-20 20-20h4', c, 12) + head(90, 36, 0, 26, 34, c),
  uTurn: (c) => stroke('M64 94V40q0-24-20-24t-20 24v12', c, 11) + head(24, 80, 90, 26, 32, c),
};

const plateArrow = (c) => stroke('M22 12V40', c, 3) + head(22, 6, -90, 8, 9, c) + head(22, 46, 90, 8, 9, c);

const SIGNS = {
  // ---- 1. warning
  1.1: warn(P.fence),
  1.2: warn(P.loco),
  '1.3.1': andrew(false),
  '1.3.2': andrew(true),
  '1.4.1': approach(3, false, 'c141'),
  '1.4.2': approach(2, false, 'c142'),
  '1.4.3': approach(1, false, 'c143'),
  '1.4.4': approach(3, true, 'c144'),
  '1.4.5': approach(2, true, 'c145'),
  '1.4.6': approach(1, true, 'c146'),
  1.5: warn(P.tram),
  1.6: tri(stroke('M50 8V90M12 56H88', K, 12)),
  1.7: warn(P.roundabout, 11),
  1.8: tri(P.lights(), [34, 30, 0.48]),
  1.9: warn(P.drawbridge),
  '1.10': warn(P.quay),
  '1.11.1': warn(P.bend),
  '1.11.2': tri(flip(P.bend(K))),
  '1.12.1': warn(P.bends),
  '1.12.2': tri(flip(P.bends(K))),
  1.13: warn(P.slope, true),
  1.14: warn(P.slope, false),
  1.15: warn(P.slippery),
  1.16: warn(P.bumps),
  '1.16.1': warn(P.hump),
  1.17: warn(P.gravel),
  '1.18.1': warn(P.narrow, 'both'),
  '1.18.2': warn(P.narrow, 'right'),
  '1.18.3': warn(P.narrow, 'left'),
  1.19: warn(P.twoWay),
  '1.20': tri(
    place([14, 0, 0.72], flip(P.walker(K))) +
      `<path d="M6 78h14l-4 12H2zm20 0h14l-2 12H24zm20 0h14v12H44zm20 0h14l2 12H66zm20 0h14l4 12H86z" fill="${K}"/>`,
  ),
  1.21: tri(place([-6, 8, 0.92], flip(P.walker(K))) + place([38, 30, 0.62], flip(P.child(K)))),
  1.22: warn(P.bicycle),
  1.23: warn(P.worker),
  1.24: warn(P.cow),
  1.25: warn(P.deer),
  1.26: warn(P.rocks),
  1.27: warn(P.windsock),
  1.28: warn(P.plane),
  1.29: warn(P.tunnel),
  '1.30': warn(P.excl),
  '1.31.1': chevBoard([
    [40, 1],
    [75, 1],
    [110, 1],
  ]),
  '1.31.2': chevBoard([
    [40, -1],
    [75, -1],
    [110, -1],
  ]),
  '1.31.3': chevBoard([
    [24, -1],
    [54, -1],
    [96, 1],
    [126, 1],
  ]),
  '1.31.4': chevSingle(1),
  '1.31.5': chevSingle(-1),
  '1.32.1': obstacle('right', 'c1321'),
  '1.32.2': obstacle('left', 'c1322'),
  '1.32.3': obstacle('both', 'c1323'),
  1.33: warn(P.roadside),
  1.34: warn(P.jam),
  // ---- 2. priority
  2.1: diamond(false),
  2.2: diamond(true),
  '2.3.1': tri(ROAD_MAIN(minor('M28 56H72')), null),
  '2.3.2': tri(ROAD_MAIN(minor('M50 52H72')), null),
  '2.3.3': tri(ROAD_MAIN(minor('M50 52H28')), null),
  '2.3.4': tri(ROAD_MAIN(minor('M50 64L70 48')), null),
  '2.3.5': tri(ROAD_MAIN(minor('M50 64L30 48')), null),
  '2.3.6': tri(ROAD_MAIN(minor('M50 46L72 64')), null),
  '2.3.7': tri(ROAD_MAIN(minor('M50 46L28 64')), null),
  2.4: yieldSign(),
  2.5: octagon(),
  2.6: ringShape(vArrow(36, 18, 82, K, 8, 20, 22) + vArrow(64, 82, 18, R, 8, 20, 22), { box: null }),
  2.7: panel(100, 100, vArrow(36, 86, 14, W, 10, 24, 28) + vArrow(66, 24, 86, R, 8, 18, 22)),
  // ---- 3. prohibitory
  3.1: [
    '0 0 100 100',
    circle(50, 50, 50, W) + circle(50, 50, 48, R) + `<rect x="14" y="41" width="72" height="18" fill="${W}"/>`,
  ],
  3.2: ringShape(''),
  3.3: ringShape(place([14, 0, 0.72], P.carSide(K, W)) + place([21, 46, 0.58], flip(P.moto(K)))),
  3.4: noVeh(P.truckSide),
  3.5: ringShape(flip(P.moto(K))),
  3.6: ringShape(P.tractor(K, W)),
  3.7: ringShape(
    place([8, 28, 0.46], P.truckSide(K, W)) +
      stroke('M51 61h6', K, 2.5) +
      `<path d="M57 50h28v14H57z" fill="${K}"/>` +
      circle(74, 65, 5, K, ` stroke="${W}" stroke-width="1.5"`),
    { box: null },
  ),
  3.8: ring(P.horseCart),
  3.9: ringShape(P.bicycle(K)),
  '3.9.1': ringShape(P.scooter(K)),
  '3.10': ringShape(P.walker(K)),
  3.11: ringShape(text(50, 61, 30, '10т'), { box: null }),
  3.12: ringShape(
    text(50, 52, 28, '6т') +
      `<path d="M30 64h40v4H30z" fill="${K}"/><rect x="24" y="58" width="8" height="16" rx="2" fill="${K}"/><rect x="68" y="58" width="8" height="16" rx="2" fill="${K}"/>`,
    { box: null },
  ),
  3.13: ringShape(text(50, 59, 24, '3.5м') + head(50, 30, 90, 10, 18, K) + head(50, 70, -90, 10, 18, K), { box: null }),
  3.14: ringShape(text(50, 58.5, 22, '2.5м') + head(25, 50, 0, 9, 18, K) + head(75, 50, 180, 9, 18, K), { box: null }),
  3.15: ringShape(
    place([28, 16, 0.44], P.truckSide(K, W)) +
      text(50, 78, 20, '10м') +
      line(30, 57, 70, 57, K, 1.5) +
      head(28, 57, 180, 6, 7, K) +
      head(72, 57, 0, 6, 7, K),
    { box: null },
  ),
  3.16: ringShape(place([32, 14, 0.36], P.carRear(K, W)) + text(50, 76, 22, '70м') + line(34, 54, 66, 54, K, 2.5), {
    box: null,
  }),
  '3.17.1': ringShape(
    `<rect x="10" y="46" width="80" height="8" fill="${R}"/>` + text(50, 40, 12, 'КЕДЕН') + text(50, 69, 11, 'ТАМОЖНЯ'),
    { box: null },
  ),
  '3.17.2': ringShape(`<rect x="8" y="45" width="84" height="10" fill="${R}"/>`, { box: null }),
  '3.17.3': ringShape(
    `<rect x="10" y="46" width="80" height="8" fill="${R}"/>` +
      text(50, 40, 11, 'БАҚЫЛАУ') +
      text(50, 69, 10.5, 'КОНТРОЛЬ'),
    { box: null },
  ),
  '3.18.1': ringShape(ARROW.turnRight(K), { over: SLASH }),
  '3.18.2': ringShape(flip(ARROW.turnRight(K)), { over: SLASH }),
  3.19: ringShape(ARROW.uTurn(K), { over: SLASH }),
  '3.20': ringShape(overtake(P.carRear, R, K), { box: null }),
  3.21: endDisc(overtake(P.carRear, GR, GR), null),
  3.22: ringShape(overtake(P.truckRear, R, K), { box: null }),
  3.23: endDisc(overtake(P.truckRear, GR, GR), null),
  3.24: ringShape(text(50, 64, 40, '50'), { box: null }),
  3.25: endDisc(text(50, 64, 40, '50', GR), null),
  3.26: ringShape(P.horn(K), { over: SLASH }),
  3.27: ringShape('', { field: B, over: XSLASH }),
  3.28: ringShape('', { field: B, over: SLASH }),
  3.29: ringShape(`<rect x="34" y="28" width="8" height="26" fill="${W}"/>`, { field: B, over: SLASH, box: null }),
  '3.30': ringShape(
    `<rect x="28" y="28" width="7" height="26" fill="${W}"/><rect x="40" y="28" width="7" height="26" fill="${W}"/>`,
    {
      field: B,
      over: SLASH,
      box: null,
    },
  ),
  3.31: ['0 0 100 100', circle(50, 50, 49.5, W, ` stroke="${K}" stroke-width="1"`) + stripes(5, 5, 46.5, 2)],
  3.32: ringShape(
    P.truckSide(K, W) + `<rect x="58" y="36" width="28" height="18" fill="${O}" stroke="${K}" stroke-width="2"/>`,
  ),
  3.33: ringShape(
    place([0, 20, 0.8], P.truckSide(K, W)) +
      `<path d="M52 4l5 12 11-7-3 13 13 1-10 8 8 10-13-2 1 13-10-9-6 11-4-12-12 5 6-12-12-6 13-3-6-12 12 6z" fill="${K}"/>`,
  ),
  // ---- 4. mandatory
  '4.1.1': disc(() => ARROW.up(W)),
  '4.1.2': disc(() => ARROW.right(W)),
  '4.1.3': discShape(flip(ARROW.right(W))),
  '4.1.4': disc(() => ARROW.upRight(W)),
  '4.1.5': discShape(flip(ARROW.upRight(W))),
  '4.1.6': disc(() => ARROW.rightLeft(W)),
  '4.2.1': disc(() => ARROW.keepRight(W)),
  '4.2.2': discShape(flip(ARROW.keepRight(W))),
  '4.2.3': disc(() => ARROW.keepBoth(W)),
  4.3: discShape(P.roundabout(W, B, 11)),
  4.4: disc(P.carSide),
  4.5: disc(P.bicycle),
  '4.5.1': disc(P.bicycle, { over: RED_END }),
  '4.5.4': panel(100, 100, bikeWalk(false)),
  '4.5.5': panel(100, 100, bikeWalk(true)),
  '4.5.6': panel(100, 100, bikeWalk(false), { over: line(90, 10, 10, 90, R, 7) }),
  '4.5.7': panel(100, 100, bikeWalk(true), { over: line(90, 10, 10, 90, R, 7) }),
  4.6: disc(P.walker),
  4.7: discShape(text(50, 64, 40, '50', W), { box: null }),
  4.8: discShape(text(50, 64, 40, '50', W), { box: null, over: RED_END }),
  '4.9.1': discShape(
    ARROW.right(W) + `<rect x="6" y="52" width="26" height="18" fill="${O}" stroke="${K}" stroke-width="2.5"/>`,
  ),
  '4.9.2': discShape(
    flip(ARROW.right(W)) + `<rect x="68" y="52" width="26" height="18" fill="${O}" stroke="${K}" stroke-width="2.5"/>`,
  ),
  '4.9.3': discShape(
    ARROW.up(W) + `<rect x="64" y="56" width="26" height="18" fill="${O}" stroke="${K}" stroke-width="2.5"/>`,
  ),
  // ---- 5. information (the commonly examined ones)
  5.1: panel(100, 100, motorway(), { fill: G }),
  5.2: panel(100, 100, motorway(), { fill: G, over: line(88, 12, 12, 88, R, 7) }),
  5.5: panel(100, 100, vArrow(50, 90, 10, W, 14, 28, 40)),
  5.6: panel(100, 100, vArrow(50, 90, 10, W, 14, 28, 40), { over: line(88, 12, 12, 88, R, 7) }),
  '5.7.1': panel(120, 60, stroke('M14 30H80', W, 12) + head(108, 30, 0, 28, 36, W)),
  '5.7.2': panel(120, 60, stroke('M106 30H40', W, 12) + head(12, 30, 180, 28, 36, W)),
  5.9: panel(
    100,
    100,
    place([18, 4, 0.64], P.bus(W, B)) +
      `<path d="M10 56h5v36h-5zm75 0h5v8h-5zm0 14h5v8h-5zm0 14h5v8h-5z" fill="${W}"/>`,
  ),
  5.14: panel(100, 100, place([10, 30, 0.8], P.carSide(W, B)) + text(50, 30, 22, 'TAXI', W)),
  5.15: panel(100, 100, text(50, 80, 84, 'P', W)),
  '5.16.1': panel(100, 100, crossing(false)),
  '5.16.2': panel(100, 100, crossing(true)),
  '5.17.1': panel(
    100,
    100,
    `<path d="M8 42h24v12h14v12h14v12h14v12h18v2H8z" fill="${W}"/>` + place([6, 4, 0.38], P.walker(W)),
  ),
  '5.19.1': panel(100, 100, `<path d="M42 38h16v52H42z" fill="${W}"/><path d="M20 14h60v22H20z" fill="${R}"/>`),
  '5.20.1': panel(
    160,
    110,
    stroke('M80 90V40M80 62H40', W, 10) +
      head(80, 14, -90, 22, 28, W) +
      head(16, 62, 180, 22, 28, W) +
      stroke('M80 62h44', W, 4) +
      head(142, 62, 0, 14, 14, W) +
      text(120, 36, 13, 'Астана', W) +
      text(38, 86, 13, 'Алматы', W) +
      text(120, 86, 11, 'Ақсай', W) +
      text(30, 30, 12, '500 м', W),
  ),
  5.22: settlement(W, K, false),
  5.23: settlement(W, K, true),
  5.24: settlement(B, W, false),
  5.25: settlement(B, W, true),
  5.36: panel(100, 100, vArrow(34, 90, 10, W, 10, 24, 30) + vArrow(66, 10, 90, W, 10, 24, 30), {
    over: line(88, 12, 12, 88, R, 7),
  }),
  5.38: panel(130, 100, livingZone()),
  5.39: panel(130, 100, livingZone(), { over: line(118, 10, 12, 90, R, 7) }),
  5.43: panel(100, 100, `<path d="M8 74h16q26-50 52 0h16v10H8z" fill="${W}"/>`),
  // ---- 6. service
  6.4: [
    '0 0 80 110',
    `<rect width="80" height="110" rx="5" fill="${W}"/><rect x="2.5" y="2.5" width="75" height="105" rx="4" fill="${B}"/>` +
      `<rect x="10" y="10" width="60" height="60" fill="${W}"/>` +
      place([14, 14, 0.52], P.wrench(K)),
  ],
  // ---- 7. plates
  '7.1.1': plate(100, 50, text(50, 35, 28, '150 м')),
  '7.2.1': plate(100, 50, plateArrow(K) + text(62, 34, 22, '300 м')),
  '7.3.1': plate(
    100,
    50,
    stroke('M50 44V26M24 26H76', K, 5) + head(8, 26, 180, 16, 18, K) + head(92, 26, 0, 16, 18, K),
  ),
  '7.4.1': plate(100, 50, place([26, 0, 0.48], P.truckSide(K, W))),
  7.11: plate(100, 50, text(50, 35, 28, '5.5 т')),
  7.13: plate(100, 100, stroke('M50 90V50H12', K, 10) + stroke('M50 50V10M50 50H88', K, 3)),
};

function overtake(rear, left, right) {
  // two vehicles seen from behind, the overtaking one (red) on the left
  return place([10, 28.6, 0.4], rear(left, W)) + place([50, 31, 0.4], P.carRear(right, W));
}
function bikeWalk(walkerFirst) {
  const bike = (x) => place([x, 30, 0.42], P.bicycle(W));
  const walker = (x) => place([x, 16, 0.62], P.walker(W));
  return (walkerFirst ? walker(-7) + bike(52) : bike(4) + walker(45)) + line(50, 10, 50, 90, W, 3);
}
function motorway() {
  return `<path d="M8 26h84v10H8z" fill="${W}"/>` + `<path d="M38 40h8l-6 50H18zM54 40h8l20 50H60z" fill="${W}"/>`;
}
function crossing(mirror) {
  const body =
    `<path d="M50 8L92 88H8z" fill="${W}"/>` +
    place([30, 30, 0.44], P.walker(K)) +
    `<path d="M20 76h10l-3 8H16zm18 0h10v8H36zm18 0h10l2 8H56zm18 0h8l4 8H74z" fill="${K}"/>`;
  return mirror ? flip(body) : body;
}
function settlement(fill, ink, end) {
  return [
    '0 0 160 70',
    `<rect width="160" height="70" rx="5" fill="${fill === W ? K : W}"/><rect x="3" y="3" width="154" height="64" rx="3" fill="${fill}"/>` +
      text(80, 45, 28, 'АҚСАЙ', ink) +
      (end ? line(150, 8, 10, 62, R, 6) : ''),
  ];
}
function livingZone() {
  return (
    place([4, 12, 0.9], P.house(W)) +
    place([50, 16, 0.5], P.walker(W)) +
    place([76, 36, 0.34], P.child(W)) +
    circle(106, 64, 5, W) +
    place([60, 56, 0.4], P.carSide(W, B)) +
    `<path d="M8 90h114v3H8z" fill="${W}"/>`
  );
}

// ---------------------------------------------------------------- output
const LATIN = { а: 'a', б: 'b', в: 'v', г: 'g', д: 'd' };
const slug = (code) => code.replaceAll('.', '-').replace(/[абвгд]/g, (c) => LATIN[c]);

const svgOf = (code, [viewBox, body]) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}"><title>${code}</title>${body}</svg>\n`;

// Codes sorted the way the annex lists them (numeric by part, letter suffix after).
const key = (code) =>
  code
    .replace(/[абвгд]$/, (c) => `.${' абвгд'.indexOf(c)}`)
    .split('.')
    .map((p) => p.padStart(3, '0'))
    .join('.');
const codes = Object.keys(SIGNS).sort((a, b) => (key(a) < key(b) ? -1 : 1));

const args = process.argv.slice(2);
const check = args.includes('--check');
const sheetAt = args.indexOf('--sheet');
mkdirSync(OUT, { recursive: true });
let differs = 0;
for (const code of codes) {
  const file = join(OUT, `${slug(code)}.svg`);
  const svg = svgOf(code, SIGNS[code]);
  if (check) {
    let old = '';
    try {
      old = readFileSync(file, 'utf8');
    } catch {}
    if (old !== svg) {
      differs++;
      console.error(`differs: ${relative(ROOT, file)}`);
    }
  } else writeFileSync(file, svg);
}
if (sheetAt >= 0) {
  const cells = codes
    .map((code) => `<figure><img src="${join(OUT, `${slug(code)}.svg`)}"><figcaption>${code}</figcaption></figure>`)
    .join('\n');
  writeFileSync(
    args[sheetAt + 1],
    `<!doctype html><meta charset="utf-8"><style>body{margin:8px;font:12px Arial;display:grid;grid-template-columns:repeat(10,1fr);gap:6px;background:#ddd}figure{margin:0;background:#fff;padding:4px;text-align:center}img{width:120px;height:110px;object-fit:contain}</style>\n${cells}\n`,
  );
}
console.log(`${check ? 'checked' : 'wrote'} ${codes.length} signs in ${relative(ROOT, OUT)}`);
if (differs) process.exit(1);
