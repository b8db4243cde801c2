// One frame of a scene as an SVG string: the scene at time t (seconds from the scene's start).
// Pure and deterministic: numbers are written with at most two decimals by one formatter, so the same
// scene and t give the same bytes on every run (the video's bit-exactness starts here), and a frame
// that equals the previous one can be skipped by comparing strings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANE, PRESETS, type PresetItem } from './presets';
import { blinkOn, EXPLAIN, f, HEIGHT, PALETTE, pt, WIDTH } from './draw-base';
import { type Drawn, drawMover } from './draw-movers';
import type {
  Arrow,
  Barrier,
  Distance,
  Item,
  Label,
  Light,
  Mark,
  Mover,
  Penalty,
  RailwayLight,
  Ring,
  Road,
  Scene,
  Sign,
} from './schema';

export { fmt, HEIGHT, WIDTH } from './draw-base';
export { type MoverState, moverAt, SIZES } from './draw-movers';

// ---------------------------------------------------------------- the road

function unit(from: readonly [number, number], to: readonly [number, number]) {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const len = Math.hypot(dx, dy) || 1;
  return { dx: dx / len, dy: dy / len, nx: -dy / len, ny: dx / len, len };
}
const offsetLine = (from: readonly [number, number], to: readonly [number, number], off: number) => {
  const u = unit(from, to);
  return `M${f(from[0] + u.nx * off)} ${f(from[1] + u.ny * off)}L${f(to[0] + u.nx * off)} ${f(to[1] + u.ny * off)}`;
};
const DASH = 'stroke-dasharray="12 10"';

function drawRoad(r: Pick<Road, 'from' | 'to' | 'lanes' | 'split'>): string {
  const w = r.lanes * LANE;
  const u = unit(r.from, r.to);
  const [a, b] = [r.from, r.to];
  const h = w / 2;
  let s = `<path d="M${f(a[0] + u.nx * h)} ${f(a[1] + u.ny * h)}L${f(b[0] + u.nx * h)} ${f(b[1] + u.ny * h)}L${f(b[0] - u.nx * h)} ${f(b[1] - u.ny * h)}L${f(a[0] - u.nx * h)} ${f(a[1] - u.ny * h)}z" fill="${PALETTE.asphalt}"/>`;
  s += `<path d="${offsetLine(a, b, h)}${offsetLine(a, b, -h)}" stroke="${PALETTE.curb}" stroke-width="2"/>`;
  for (let k = 1; k < r.lanes; k++) {
    const off = -h + k * LANE;
    const middle = r.lanes % 2 === 0 && k === r.lanes / 2;
    const style = middle ? r.split : 'dashed';
    if (style === 'none') continue;
    if (style === 'double')
      s += `<path d="${offsetLine(a, b, off - 2.5)}${offsetLine(a, b, off + 2.5)}" stroke="${PALETTE.marking}" stroke-width="2"/>`;
    else
      s += `<path d="${offsetLine(a, b, off)}" stroke="${PALETTE.marking}" stroke-width="2"${style === 'dashed' ? ` ${DASH}` : ''}/>`;
  }
  return s;
}

function drawRail(from: readonly [number, number], to: readonly [number, number]): string {
  const u = unit(from, to);
  let s = '';
  // Sleepers every 12 px, then the two rails.
  for (let d = 0; d <= u.len; d += 12) {
    const x = from[0] + u.dx * d;
    const y = from[1] + u.dy * d;
    s += `<path d="M${f(x + u.nx * 14)} ${f(y + u.ny * 14)}L${f(x - u.nx * 14)} ${f(y - u.ny * 14)}" stroke="#7a5a3c" stroke-width="4"/>`;
  }
  return `${s}<path d="${offsetLine(from, to, 8)}${offsetLine(from, to, -8)}" stroke="#9aa3ab" stroke-width="2.5"/>`;
}

const FILL: Record<string, string> = {
  grass: PALETTE.grass,
  pavement: PALETTE.pavement,
  building: PALETTE.building,
  water: PALETTE.water,
  asphalt: PALETTE.asphalt,
  parking: PALETTE.asphalt,
};

function drawArea(rect: readonly [number, number, number, number], fill: string): string {
  const [x, y, w, h] = rect;
  let s = `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${FILL[fill]}"${fill === 'building' ? ` stroke="${PALETTE.buildingEdge}" stroke-width="2"` : ''}/>`;
  if (fill === 'parking') {
    // Bays 32 px wide across the area's width, drawn as white lines.
    let d = '';
    for (let bx = x; bx <= x + w + 0.01; bx += 32) d += `M${f(bx)} ${f(y)}V${f(y + h * 0.62)}`;
    s += `<path d="${d}" stroke="${PALETTE.marking}" stroke-width="2"/>`;
  }
  return s;
}

function drawPreset(p: PresetItem): string {
  switch (p.kind) {
    case 'area':
      return drawArea(p.rect, p.fill);
    case 'road':
      return drawRoad(p);
    case 'rail':
      return drawRail(p.from, p.to);
    case 'roundabout': {
      const [cx, cy] = p.at;
      const mid = (p.island + p.outer) / 2;
      return (
        `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(p.outer)}" fill="${PALETTE.asphalt}" stroke="${PALETTE.curb}" stroke-width="2"/>` +
        `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(mid)}" fill="none" stroke="${PALETTE.marking}" stroke-width="2" ${DASH}/>` +
        `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(p.island)}" fill="${PALETTE.grassDark}" stroke="${PALETTE.curb}" stroke-width="3"/>`
      );
    }
  }
}

// ---------------------------------------------------------------- signals

let signRoot = join(process.cwd(), 'public', 'images', 'questions', 'signs', 'kz');
/** Where the sign drawings are read from (tests point it at the repository's root). */
export function setSignRoot(dir: string) {
  signRoot = dir;
}
export const signSlug = (code: string) =>
  code.replaceAll('.', '-').replace(/[абвгд]/g, (c) => ({ а: 'a', б: 'b', в: 'v', г: 'g', д: 'd' })[c]!);
const signCache = new Map<string, { inner: string; w: number; h: number }>();
function signSvg(code: string) {
  const slug = signSlug(code);
  let hit = signCache.get(slug);
  if (!hit) {
    const raw = readFileSync(join(signRoot, `${slug}.svg`), 'utf8');
    const vb = /viewBox="([\d.\s-]+)"/.exec(raw)?.[1]?.split(/\s+/).map(Number) ?? [0, 0, 100, 100];
    // Ids made unique to this sign, so two different signs in a frame never share a gradient's name.
    const inner = raw
      .replace(/^[\s\S]*?<svg[^>]*>/, '')
      .replace(/<\/svg>\s*$/, '')
      .replace(/<title>[\s\S]*?<\/title>/, '')
      .replace(/id="([^"]+)"/g, `id="s${slug}-$1"`)
      .replace(/url\(#([^)]+)\)/g, `url(#s${slug}-$1)`)
      .replace(/href="#([^"]+)"/g, `href="#s${slug}-$1"`);
    hit = { inner, w: vb[2]!, h: vb[3]! };
    signCache.set(slug, hit);
  }
  return hit;
}

function drawSign(s: Sign): string {
  const { inner, w, h } = signSvg(s.code);
  const k = s.size / Math.max(w, h);
  const [x, y] = s.at;
  return `<g transform="translate(${f(x - (w * k) / 2)} ${f(y - (h * k) / 2)}) scale(${fmtScale(k)})">${inner}</g>`;
}
/** A scale needs more digits than a coordinate. */
const fmtScale = (k: number) => String(Math.round(k * 10000) / 10000);

const stepState = <S>(keys: { t: number; state: S }[], t: number): S => {
  let s = keys[0]!.state;
  for (const k of keys) if (k.t <= t) s = k.state;
  return s;
};
/** The time since the key that set the current state (for animations that start at a change). */
const sinceChange = (keys: { t: number }[], t: number) => {
  let since = t;
  for (const k of keys) if (k.t <= t) since = t - k.t;
  return since;
};

function lamp(cx: number, cy: number, r: number, color: string, on: boolean) {
  return on
    ? `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r + 4)}" fill="${color}" fill-opacity="0.35"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${color}"/>`
    : `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="#2a2f33"/>`;
}

function drawLight(l: Light, t: number): string {
  const st = stepState(l.keys, t);
  const flashOn = blinkOn(sinceChange(l.keys, t), 1);
  const tr = `translate(${f(l.at[0])} ${f(l.at[1])}) rotate(${f(l.angle)})`;
  if (l.arrow !== 'none') {
    // An additional section: one lamp with a green arrow, lit on green.
    const on = st === 'green' || (st === 'green-flash' && flashOn);
    const d = l.arrow === 'right' ? 'M-5 0H4M0 -4L5 0L0 4' : 'M5 0H-4M0 -4L-5 0L0 4';
    return `<g transform="${tr}"><rect x="-8" y="-8" width="16" height="16" rx="3" fill="#1b1e21"/>${on ? '<circle cx="0" cy="0" r="10" fill="#22e36b" fill-opacity="0.3"/>' : ''}<path d="${d}" fill="none" stroke="${on ? '#3cff8a' : '#3a4046'}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></g>`;
  }
  const red = st === 'red' || st === 'red-yellow';
  const yellow = st === 'yellow' || st === 'red-yellow' || (st === 'yellow-flash' && flashOn);
  const green = st === 'green' || (st === 'green-flash' && flashOn);
  return `<g transform="${tr}"><rect x="-8" y="-22" width="16" height="44" rx="4" fill="#1b1e21" stroke="#000" stroke-width="1"/>${lamp(0, -13, 5, '#ff3b30', red)}${lamp(0, 0, 5, '#ffc400', yellow)}${lamp(0, 13, 5, '#22e36b', green)}</g>`;
}

function drawRailwayLight(l: RailwayLight, t: number): string {
  const st = stepState(l.keys, t);
  const first = blinkOn(sinceChange(l.keys, t), 1);
  const [x, y] = l.at;
  return `<g transform="translate(${f(x)} ${f(y)})"><rect x="-17" y="-8" width="34" height="16" rx="8" fill="#1b1e21"/><path d="M-6 10L6 22M6 10L-6 22" stroke="#fff" stroke-width="3" stroke-linecap="round"/><path d="M-6 10L6 22M6 10L-6 22" stroke="#d0112b" stroke-width="1.4" stroke-linecap="round"/>${lamp(-9, 0, 5, '#ff3b30', st === 'flash' && first)}${lamp(9, 0, 5, '#ff3b30', st === 'flash' && !first)}</g>`;
}

function drawBarrier(b: Barrier, t: number): string {
  // It takes a second to go down or up after a key changes it; from above, a raised bar is a short stub.
  let i = -1;
  for (const [j, k] of b.keys.entries()) if (k.t <= t) i = j;
  const reach = (s: 'up' | 'down') => (s === 'down' ? 1 : 0.15);
  const now = b.keys[Math.max(0, i)]!.state;
  const before = i > 0 ? b.keys[i - 1]!.state : now;
  const u = i > 0 ? Math.min(1, t - b.keys[i]!.t) : 1;
  const len = 36 * (reach(before) + (reach(now) - reach(before)) * u);
  return `<g transform="translate(${f(b.at[0])} ${f(b.at[1])}) rotate(${f(b.angle)})"><rect x="0" y="-3" width="${f(len)}" height="6" rx="2" fill="#ffffff" stroke="#333" stroke-width="0.8"/><path d="M0 0H${f(len)}" stroke="#d0112b" stroke-width="6" stroke-dasharray="8 8"/><rect x="-6" y="-6" width="12" height="12" rx="2" fill="#3a3f44"/></g>`;
}

// ---------------------------------------------------------------- explaining

/** An explaining item with a `show` appears with a short animation from its start. */
const APPEAR = 0.5;

function drawArrow(a: Arrow, t: number): string {
  const c = EXPLAIN[a.color]!;
  const pts = a.path;
  let total = 0;
  for (let i = 1; i < pts.length; i++) total += Math.hypot(pts[i]![0] - pts[i - 1]![0], pts[i]![1] - pts[i - 1]![1]);
  const p = a.show ? Math.max(0, Math.min(1, (t - a.show[0]) / (APPEAR * 1.5))) : 1;
  // Grow along the path: the shaft as far as it has got, the head at that point.
  let left = total * p;
  const shown: [number, number][] = [pts[0]!];
  let head = pts[0]!;
  let dir = unit(pts[0]!, pts[1]!);
  for (let i = 1; i < pts.length && left > 0; i++) {
    const seg = unit(pts[i - 1]!, pts[i]!);
    const step = Math.min(left, seg.len);
    head = [pts[i - 1]![0] + seg.dx * step, pts[i - 1]![1] + seg.dy * step];
    dir = seg;
    shown.push(head);
    left -= step;
  }
  if (p === 0) return '';
  const back = 13;
  const shaftEnd: [number, number] = [head[0] - dir.dx * back * 0.6, head[1] - dir.dy * back * 0.6];
  const d = `M${shown.slice(0, -1).map(pt).join('L')}L${pt(shaftEnd)}`;
  const hx = head[0] - dir.dx * back;
  const hy = head[1] - dir.dy * back;
  const tip = `M${pt(head)}L${f(hx + dir.nx * 8)} ${f(hy + dir.ny * 8)}L${f(hx - dir.nx * 8)} ${f(hy - dir.ny * 8)}z`;
  const dash = a.dashed ? ' stroke-dasharray="10 8"' : '';
  return `<path d="${d}" fill="none" stroke="#00000066" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"${dash}/><path d="${tip}" fill="#00000066" stroke="#00000066" stroke-width="3" stroke-linejoin="round"/><path d="${d}" fill="none" stroke="${c}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"${dash}/><path d="${tip}" fill="${c}"/>`;
}

/** The scale of an item popping in at its `show` start (an item without `show` is simply there). */
const popScale = (show: [number, number] | undefined, t: number) => {
  if (!show) return 1;
  const p = Math.max(0, Math.min(1, (t - show[0]) / APPEAR));
  // Overshoots a little, then settles at 1.
  return p >= 1 ? 1 : p < 0.7 ? (p / 0.7) * 1.15 : 1.15 - ((p - 0.7) / 0.3) * 0.15;
};

function drawRing(r: Ring, t: number): string {
  const k = popScale(r.show, t);
  const c = EXPLAIN[r.color]!;
  return `<g transform="translate(${pt(r.at)}) scale(${fmtScale(k)})"><circle r="${f(r.r)}" fill="none" stroke="#00000066" stroke-width="7"/><circle r="${f(r.r)}" fill="none" stroke="${c}" stroke-width="4"/></g>`;
}

function drawMark(m: Mark, t: number): string {
  const k = popScale(m.show, t);
  const inner = m.ok
    ? `<circle r="14" fill="#16a34a" stroke="#fff" stroke-width="2.5"/><path d="M-6.5 0.5L-2 5L7 -5" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>`
    : `<circle r="14" fill="#dc2626" stroke="#fff" stroke-width="2.5"/><path d="M-5.5 -5.5L5.5 5.5M5.5 -5.5L-5.5 5.5" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/>`;
  return `<g transform="translate(${pt(m.at)}) scale(${fmtScale(k)})">${inner}</g>`;
}

const FONT = `font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold"`;
/** Text width, roughly: DejaVu Sans Bold's average advance for capitals and digits. */
const textWidth = (s: string, size: number) => s.length * size * 0.68;

function drawLabel(l: Label): string {
  const w = textWidth(l.text, 14) + 10;
  return `<g transform="translate(${pt(l.at)})"><rect x="${f(-w / 2)}" y="-10" width="${f(w)}" height="20" rx="5" fill="#ffffff" stroke="${PALETTE.ink}" stroke-width="1.5"/><text x="0" y="5" text-anchor="middle" font-size="14" ${FONT} fill="${PALETTE.ink}">${l.text}</text></g>`;
}

function drawDistance(d: Distance): string {
  const u = unit(d.from, d.to);
  const tick = (p: readonly [number, number]) =>
    `M${f(p[0] + u.nx * 7)} ${f(p[1] + u.ny * 7)}L${f(p[0] - u.nx * 7)} ${f(p[1] - u.ny * 7)}`;
  const mid: [number, number] = [(d.from[0] + d.to[0]) / 2, (d.from[1] + d.to[1]) / 2];
  const w = textWidth(d.text, 13) + 8;
  return `<path d="M${pt(d.from)}L${pt(d.to)}${tick(d.from)}${tick(d.to)}" stroke="#00000080" stroke-width="4"/><path d="M${pt(d.from)}L${pt(d.to)}${tick(d.from)}${tick(d.to)}" stroke="#ffffff" stroke-width="2"/><g transform="translate(${pt(mid)})"><rect x="${f(-w / 2)}" y="-9" width="${f(w)}" height="18" rx="4" fill="#ffffff" stroke="${PALETTE.ink}" stroke-width="1.2"/><text x="0" y="4.5" text-anchor="middle" font-size="13" ${FONT} fill="${PALETTE.ink}">${d.text}</text></g>`;
}

function drawPenalty(p: Penalty, t: number): string {
  const k = popScale(p.show, t);
  const text = `+${p.points}`;
  const w = textWidth(text, 15) + 14;
  return `<g transform="translate(${pt(p.at)}) scale(${fmtScale(k)})"><rect x="${f(-w / 2)}" y="-13" width="${f(w)}" height="26" rx="13" fill="#dc2626" stroke="#ffffff" stroke-width="2.5"/><text x="0" y="5.5" text-anchor="middle" font-size="15" ${FONT} fill="#ffffff">${text}</text></g>`;
}

// ---------------------------------------------------------------- the frame

const EXPLAINING = new Set(['arrow', 'ring', 'mark', 'label', 'distance', 'penalty']);

function drawItem(it: Item, t: number, dark: boolean): Drawn {
  switch (it.kind) {
    case 'road':
      return { body: drawRoad(it), glow: '' };
    case 'zebra': {
      // `angle` is the road's direction; the stripes run along it, 6 px wide with 6 px gaps, across `length` px.
      let d = '';
      for (let y = -it.length / 2 + 3; y <= it.length / 2 - 3; y += 12) d += `M-12 ${f(y)}H12`;
      return {
        body: `<g transform="translate(${pt(it.at)}) rotate(${f(it.angle)})"><path d="${d}" stroke="${PALETTE.marking}" stroke-width="6"/></g>`,
        glow: '',
      };
    }
    case 'stopline':
      return {
        body: `<path d="M${pt(it.from)}L${pt(it.to)}" stroke="${PALETTE.marking}" stroke-width="4"/>`,
        glow: '',
      };
    case 'line':
      return {
        body: `<path d="M${pt(it.from)}L${pt(it.to)}" stroke="${it.color === 'yellow' ? PALETTE.yellow : PALETTE.marking}" stroke-width="2"${it.style === 'dashed' ? ` ${DASH}` : ''}/>`,
        glow: '',
      };
    case 'rail':
      return { body: drawRail(it.from, it.to), glow: '' };
    case 'area':
      return { body: drawArea(it.rect, it.fill), glow: '' };
    case 'cone':
      return {
        body: `<g transform="translate(${pt(it.at)})"><circle r="6" fill="#f97316" stroke="#9a3412" stroke-width="1"/><circle r="3.2" fill="#ffffff"/><circle r="1.6" fill="#f97316"/></g>`,
        glow: '',
      };
    case 'post':
      return {
        body: `<g transform="translate(${pt(it.at)})"><circle r="4" fill="#e5e7eb" stroke="#374151" stroke-width="1.5"/></g>`,
        glow: '',
      };
    case 'sign':
      return { body: drawSign(it), glow: '' };
    case 'light': {
      const s = drawLight(it, t);
      return { body: s, glow: dark ? s : '' };
    }
    case 'railway-light': {
      const s = drawRailwayLight(it, t);
      return { body: s, glow: dark ? s : '' };
    }
    case 'barrier':
      return { body: drawBarrier(it, t), glow: '' };
    case 'arrow':
      return { body: drawArrow(it, t), glow: '' };
    case 'ring':
      return { body: drawRing(it, t), glow: '' };
    case 'mark':
      return { body: drawMark(it, t), glow: '' };
    case 'label':
      return { body: drawLabel(it), glow: '' };
    case 'distance':
      return { body: drawDistance(it), glow: '' };
    case 'penalty':
      return { body: drawPenalty(it, t), glow: '' };
    default:
      return drawMover(it as Mover, t, dark);
  }
}

const visible = (it: { show?: [number, number] | undefined }, t: number) =>
  !it.show || (t >= it.show[0] && t < it.show[1]);

type FrameScene = Pick<Scene, 'items' | 'dark' | 'layout'>;

/** The SVG of `scene` at t seconds from its start. */
export function frameSvg(scene: FrameScene, t: number): string {
  const world: string[] = [];
  const glow: string[] = [];
  const explain: string[] = [];
  world.push(
    scene.layout
      ? PRESETS[scene.layout].map(drawPreset).join('')
      : `<rect width="${WIDTH}" height="${HEIGHT}" fill="${PALETTE.grass}"/>`,
  );
  for (const it of scene.items) {
    if (!visible(it, t)) continue;
    const d = drawItem(it, t, scene.dark);
    if (EXPLAINING.has(it.kind)) explain.push(d.body);
    else {
      world.push(d.body);
      if (d.glow) glow.push(d.glow);
    }
  }
  const night = scene.dark
    ? `<rect width="${WIDTH}" height="${HEIGHT}" fill="${PALETTE.night}" fill-opacity="0.62"/>${glow.join('')}`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${world.join('')}${night}${explain.join('')}</svg>`;
}
