// One frame of a scene as an SVG string: the scene at time t (seconds from the scene's start).
// Pure and deterministic: numbers are written with at most two decimals by one formatter, so the same
// scene and t give the same bytes on every run (the video's bit-exactness starts here), and a frame
// that equals the previous one can be skipped by comparing strings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANE, PRESETS, type PresetItem } from './presets';
import type {
  Arrow,
  Barrier,
  Distance,
  Item,
  Label,
  Light,
  Mark,
  Mover,
  MoverKey,
  Penalty,
  RailwayLight,
  Ring,
  Road,
  Scene,
  Sign,
} from './schema';

export const WIDTH = 640;
export const HEIGHT = 360;

/** At most two decimals, no "-0", no trailing zeros: the one way a number is written into a frame. */
export function fmt(n: number): string {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}
const f = fmt;
const pt = (p: readonly [number, number]) => `${f(p[0])} ${f(p[1])}`;

// The palette: the autodrome posters' flat colours, the app's brand green for "right".
export const PALETTE = {
  grass: '#6fa35b',
  grassDark: '#679a54',
  asphalt: '#55585c',
  curb: '#c9cfcc',
  pavement: '#cdc8bc',
  building: '#b9a68f',
  buildingEdge: '#9c8a74',
  water: '#5aa9d6',
  marking: '#f4f4f2',
  yellow: '#ffd23f',
  green: '#22c55e',
  red: '#ef4444',
  glass: '#2b3a4a',
  ink: '#17201d',
  night: '#0b1530',
} as const;
const VEHICLE: Record<string, string> = {
  red: '#d9382e',
  blue: '#2f6fd0',
  green: '#2e9d5b',
  yellow: '#f2c230',
  white: '#f2f2f2',
  grey: '#8d9399',
};
const EXPLAIN: Record<string, string> = {
  green: '#22c55e',
  red: '#ef4444',
  white: '#ffffff',
  yellow: '#ffd23f',
};

/** Seconds of one indicator blink (on for the first half): 75 flashes a minute. */
const BLINK = 0.8;
const blinkOn = (t: number, period = BLINK) => t % period < period / 2;

// ---------------------------------------------------------------- movers

export interface MoverState {
  x: number;
  y: number;
  angle: number;
  signal: 'left' | 'right' | 'hazard' | 'none';
  brake: boolean;
  beacon: 'blue' | 'yellow' | 'none';
  pose: 'front' | 'side' | 'raised' | 'right-arm';
}

/**
 * Where a mover is at t and what it shows: position and angle interpolate linearly between the keys
 * around t (held before the first key and after the last); a key without an angle keeps the previous
 * one. Signal, brake, beacon and pose hold from the last key at or before t that states them.
 */
export function moverAt(keys: MoverKey[], t: number): MoverState {
  let angle = 0;
  const angles = keys.map((k) => {
    angle = k.angle ?? angle;
    return angle;
  });
  const state: MoverState = {
    x: keys[0]!.x,
    y: keys[0]!.y,
    angle: angles[0]!,
    signal: 'none',
    brake: false,
    beacon: 'none',
    pose: 'front',
  };
  for (const [i, k] of keys.entries()) {
    if (k.t > t) {
      const prev = keys[i - 1];
      if (prev) {
        const u = (t - prev.t) / (k.t - prev.t);
        state.x = prev.x + (k.x - prev.x) * u;
        state.y = prev.y + (k.y - prev.y) * u;
        state.angle = angles[i - 1]! + (angles[i]! - angles[i - 1]!) * u;
      }
      break;
    }
    state.x = k.x;
    state.y = k.y;
    state.angle = angles[i]!;
    if (k.signal) state.signal = k.signal;
    if (k.brake !== undefined) state.brake = k.brake;
    if (k.beacon) state.beacon = k.beacon;
    if (k.pose) state.pose = k.pose;
  }
  return state;
}

/** Body dimensions (length along the heading × width) of each mover, in px; SCENES.md lists them. */
export const SIZES: Record<Mover['kind'], [number, number]> = {
  car: [40, 20],
  'police-car': [40, 20],
  ambulance: [46, 22],
  'fire-truck': [60, 24],
  truck: [64, 24],
  bus: [72, 24],
  tram: [96, 24],
  train: [220, 26],
  moto: [24, 10],
  bicycle: [22, 8],
  pedestrian: [12, 24],
  officer: [18, 32],
};
const DEFAULT_COLOR: Partial<Record<Mover['kind'], keyof typeof VEHICLE>> = {
  truck: 'blue',
  bus: 'yellow',
  tram: 'red',
  train: 'green',
  moto: 'grey',
  bicycle: 'green',
  pedestrian: 'blue',
};

interface Drawn {
  body: string;
  /** Lamps and beams: drawn again above the night's shade so they shine. */
  glow: string;
}

function lamps(len: number, wid: number, s: MoverState, t: number, dark: boolean): Drawn {
  const fx = len / 2;
  const rx = -len / 2;
  const wy = wid / 2 - 3;
  let glow = '';
  let body = '';
  // Headlights, and their beams at night.
  const head = `<rect x="${f(fx - 2.5)}" y="${f(-wy - 1.5)}" width="2.5" height="3" fill="#fff6c8"/><rect x="${f(fx - 2.5)}" y="${f(wy - 1.5)}" width="2.5" height="3" fill="#fff6c8"/>`;
  body += head;
  if (dark)
    glow += `<path d="M${f(fx)} ${f(-wy)}L${f(fx + 70)} ${f(-wy - 22)}L${f(fx + 70)} ${f(wy + 22)}L${f(fx)} ${f(wy)}z" fill="#fff3b0" opacity="0.28"/>${head}`;
  // Rear lights: dim red, bright and bigger when braking.
  const tail = s.brake
    ? `<rect x="${f(rx)}" y="${f(-wy - 2)}" width="3.5" height="4" fill="#ff2a1a"/><rect x="${f(rx)}" y="${f(wy - 2)}" width="3.5" height="4" fill="#ff2a1a"/><circle cx="${f(rx - 1)}" cy="${f(-wy)}" r="4.5" fill="#ff3b2f" opacity="0.45"/><circle cx="${f(rx - 1)}" cy="${f(wy)}" r="4.5" fill="#ff3b2f" opacity="0.45"/>`
    : `<rect x="${f(rx)}" y="${f(-wy - 1.5)}" width="2.5" height="3" fill="${dark ? '#e0342a' : '#9b1c14'}"/><rect x="${f(rx)}" y="${f(wy - 1.5)}" width="2.5" height="3" fill="${dark ? '#e0342a' : '#9b1c14'}"/>`;
  body += tail;
  if (dark || s.brake) glow += tail;
  // Indicators: amber at the four corners of the side that turns (left is -y when facing +x).
  if (s.signal !== 'none' && blinkOn(t)) {
    const sides = s.signal === 'hazard' ? [-1, 1] : [s.signal === 'left' ? -1 : 1];
    let ind = '';
    for (const side of sides)
      for (const x of [fx - 1, rx + 1])
        ind += `<circle cx="${f(x)}" cy="${f(side * (wid / 2))}" r="3.2" fill="#ffb000"/><circle cx="${f(x)}" cy="${f(side * (wid / 2))}" r="6" fill="#ffb000" opacity="0.35"/>`;
    body += ind;
    glow += ind;
  }
  // A flashing beacon on the roof: two lamps taking turns.
  if (s.beacon !== 'none') {
    const c = s.beacon === 'blue' ? '#2b7bff' : '#ffb000';
    const first = blinkOn(t, 0.5);
    const b = `<rect x="-2" y="-6" width="4" height="12" rx="1.5" fill="#e8e8e8"/><circle cx="0" cy="${first ? -3.5 : 3.5}" r="3" fill="${c}"/><circle cx="0" cy="${first ? -3.5 : 3.5}" r="8" fill="${c}" opacity="0.4"/>`;
    body += b;
    glow += b;
  }
  return { body, glow };
}

function carBody(len: number, wid: number, color: string, extra = ''): string {
  const l = len / 2;
  const w = wid / 2;
  return (
    `<rect x="${f(-l)}" y="${f(-w)}" width="${f(len)}" height="${f(wid)}" rx="5" fill="${color}" stroke="#00000040" stroke-width="1"/>` +
    // Windscreen, roof, rear window.
    `<path d="M${f(l * 0.2)} ${f(-w + 2.5)}L${f(l * 0.52)} ${f(-w + 1.5)}L${f(l * 0.52)} ${f(w - 1.5)}L${f(l * 0.2)} ${f(w - 2.5)}z" fill="${PALETTE.glass}"/>` +
    `<rect x="${f(-l * 0.5)} " y="${f(-w + 2.5)}" width="${f(l * 0.7)}" height="${f(wid - 5)}" rx="2" fill="#ffffff" opacity="0.18"/>` +
    `<path d="M${f(-l * 0.62)} ${f(-w + 2.5)}L${f(-l * 0.78)} ${f(-w + 3.5)}L${f(-l * 0.78)} ${f(w - 3.5)}L${f(-l * 0.62)} ${f(w - 2.5)}z" fill="${PALETTE.glass}"/>` +
    extra
  );
}

function boxBody(len: number, wid: number, cab: string, box: string, windows = false): string {
  const l = len / 2;
  const w = wid / 2;
  let s = `<rect x="${f(-l)}" y="${f(-w)}" width="${f(len)}" height="${f(wid)}" rx="3" fill="${box}" stroke="#00000040" stroke-width="1"/>`;
  if (windows) {
    // A bus or tram: a row of windows along each side and a windscreen at the front.
    for (let x = -l + 6; x < l - 12; x += 9)
      s += `<rect x="${f(x)}" y="${f(-w + 1.5)}" width="6" height="3" fill="${PALETTE.glass}"/><rect x="${f(x)}" y="${f(w - 4.5)}" width="6" height="3" fill="${PALETTE.glass}"/>`;
    s += `<rect x="${f(l - 5)}" y="${f(-w + 2)}" width="3.5" height="${f(wid - 4)}" rx="1" fill="${PALETTE.glass}"/>`;
    s += `<rect x="${f(-l + 5)}" y="${f(-w + 6)}" width="${f(len - 14)}" height="${f(wid - 12)}" rx="2" fill="#ffffff" opacity="0.22"/>`;
  } else {
    // A truck: cab at the front, a box behind it.
    const cabLen = Math.min(18, len * 0.3);
    s += `<rect x="${f(l - cabLen)}" y="${f(-w)}" width="${f(cabLen)}" height="${f(wid)}" rx="3" fill="${cab}" stroke="#00000040" stroke-width="1"/>`;
    s += `<rect x="${f(l - 6)}" y="${f(-w + 2.5)}" width="3.5" height="${f(wid - 5)}" rx="1" fill="${PALETTE.glass}"/>`;
    s += `<line x1="${f(l - cabLen - 1.5)}" y1="${f(-w)}" x2="${f(l - cabLen - 1.5)}" y2="${f(w)}" stroke="#00000055" stroke-width="1.5"/>`;
  }
  return s;
}

function person(color: string, s: MoverState, officer: boolean): string {
  // Seen from above: shoulders (an ellipse across the heading), the head, arms by pose.
  const body = officer ? '#2f5d3a' : color;
  let arms = '';
  if (officer) {
    const sleeve = `stroke="${body}" stroke-width="3.6" stroke-linecap="round"`;
    const baton = `stroke="#ffffff" stroke-width="2.4" stroke-linecap="round" stroke-dasharray="2 2"`;
    if (s.pose === 'side')
      arms = `<line x1="0" y1="-8" x2="0" y2="-17" ${sleeve}/><line x1="0" y1="8" x2="0" y2="17" ${sleeve}/><line x1="0" y1="17" x2="0" y2="23" ${baton}/>`;
    else if (s.pose === 'right-arm')
      arms = `<line x1="0" y1="7" x2="12" y2="7" ${sleeve}/><line x1="12" y1="7" x2="19" y2="7" ${baton}/>`;
    else if (s.pose === 'raised')
      arms = `<circle cx="0" cy="0" r="11" fill="none" stroke="#ffffff" stroke-width="1.5" opacity="0.8"/><line x1="0" y1="7" x2="1" y2="1" ${sleeve}/><circle cx="1" cy="1" r="2.4" fill="#ffffff"/>`;
    else arms = `<line x1="-1" y1="8" x2="-4" y2="8" ${sleeve}/><line x1="-4" y1="8" x2="-9" y2="8" ${baton}/>`;
  }
  const cap = officer ? '#ffffff' : '#3a2a1e';
  return `<g transform="scale(${officer ? 1.8 : 1.5})">${arms}<ellipse cx="0" cy="0" rx="${officer ? 5 : 4.5}" ry="${officer ? 9 : 8}" fill="${body}" stroke="#00000055" stroke-width="1"/><circle cx="0.5" cy="0" r="${officer ? 4.2 : 3.8}" fill="${cap}" stroke="#00000055" stroke-width="0.8"/>${officer ? '<rect x="-1.5" y="-6" width="3" height="12" rx="1" fill="#fcc200" opacity="0.9"/>' : ''}</g>`;
}

function drawMover(m: Mover, t: number, dark: boolean): Drawn {
  const s = moverAt(m.keys, t);
  const [len, wid] = SIZES[m.kind];
  const color = VEHICLE[m.color ?? DEFAULT_COLOR[m.kind] ?? 'red']!;
  let body = '';
  let lit: Drawn = { body: '', glow: '' };
  switch (m.kind) {
    case 'car':
      body = carBody(len, wid, color);
      lit = lamps(len, wid, s, t, dark);
      break;
    case 'police-car':
      body = carBody(
        len,
        wid,
        VEHICLE[m.color ?? 'white']!,
        `<rect x="-20" y="-10" width="40" height="20" rx="5" fill="none" stroke="#1f4fbf" stroke-width="2.5"/>`,
      );
      lit = lamps(len, wid, s, t, dark);
      break;
    case 'ambulance':
      body =
        boxBody(len, wid, VEHICLE[m.color ?? 'white']!, VEHICLE[m.color ?? 'white']!) +
        `<rect x="-9" y="-2.5" width="14" height="5" fill="#d9382e"/><rect x="-4.5" y="-7" width="5" height="14" fill="#d9382e"/>`;
      lit = lamps(len, wid, s, t, dark);
      break;
    case 'fire-truck':
      body =
        boxBody(len, wid, '#c62828', VEHICLE[m.color ?? 'red']!) +
        `<path d="M-26 -4H10M-26 4H10" stroke="#d8d8d8" stroke-width="1.5"/><path d="M-22 -4V4M-14 -4V4M-6 -4V4M2 -4V4" stroke="#d8d8d8" stroke-width="1.2"/>`;
      lit = lamps(len, wid, s, t, dark);
      break;
    case 'truck':
      body = boxBody(len, wid, color, '#dfe3e6');
      lit = lamps(len, wid, s, t, dark);
      break;
    case 'bus':
    case 'tram':
      body = boxBody(len, wid, color, color, true);
      if (m.kind === 'tram') body += `<path d="M-8 -6L4 6M-8 6L4 -6" stroke="#333" stroke-width="1.2"/>`;
      lit = lamps(len, wid, s, t, dark);
      break;
    case 'train': {
      // A locomotive and two wagons.
      const seg = (x: number, l: number, c: string) =>
        `<rect x="${f(x)}" y="-13" width="${f(l)}" height="26" rx="3" fill="${c}" stroke="#00000055" stroke-width="1"/>`;
      body = `${seg(50, 60, color)}<rect x="98" y="-10" width="8" height="20" rx="1" fill="${PALETTE.glass}"/>${seg(-25, 72, '#6d7b86')}${seg(-110, 82, '#6d7b86')}`;
      lit = lamps(len, wid, s, t, dark);
      break;
    }
    case 'moto':
    case 'bicycle': {
      const wheel = m.kind === 'moto' ? 5 : 4;
      body =
        `<line x1="${f(-len / 2)}" y1="0" x2="${f(len / 2)}" y2="0" stroke="#222" stroke-width="${m.kind === 'moto' ? 4 : 2.2}" stroke-linecap="round"/>` +
        `<line x1="${f(len / 2 - wheel)}" y1="-5" x2="${f(len / 2 - wheel)}" y2="5" stroke="#444" stroke-width="1.6" stroke-linecap="round"/>` +
        `<ellipse cx="-1" cy="0" rx="5" ry="6.5" fill="${color}" stroke="#00000055" stroke-width="1"/><circle cx="0.5" cy="0" r="3.4" fill="${m.kind === 'moto' ? '#222' : '#3a2a1e'}"/>`;
      if (m.kind === 'moto') lit = lamps(len, 12, s, t, dark);
      break;
    }
    case 'pedestrian':
    case 'officer':
      body = person(color, s, m.kind === 'officer');
      break;
  }
  const tr = `translate(${f(s.x)} ${f(s.y)}) rotate(${f(s.angle)})`;
  const shadow =
    m.kind === 'pedestrian' || m.kind === 'officer'
      ? ''
      : `<rect x="${f(-len / 2 + 1.5)}" y="${f(-wid / 2 + 2.5)}" width="${f(len)}" height="${f(wid)}" rx="4" fill="#000" opacity="0.18"/>`;
  return {
    body: `<g transform="${tr}">${shadow}${body}${lit.body}</g>`,
    glow: lit.glow ? `<g transform="${tr}">${lit.glow}</g>` : '',
  };
}

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
    ? `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r + 4)}" fill="${color}" opacity="0.35"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${color}"/>`
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
    return `<g transform="${tr}"><rect x="-8" y="-8" width="16" height="16" rx="3" fill="#1b1e21"/>${on ? '<circle cx="0" cy="0" r="10" fill="#22e36b" opacity="0.3"/>' : ''}<path d="${d}" fill="none" stroke="${on ? '#3cff8a' : '#3a4046'}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></g>`;
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

/** An explaining item appears with a short animation from the start of its `show`. */
const APPEAR = 0.5;

function drawArrow(a: Arrow, t: number): string {
  const c = EXPLAIN[a.color]!;
  const pts = a.path;
  let total = 0;
  for (let i = 1; i < pts.length; i++) total += Math.hypot(pts[i]![0] - pts[i - 1]![0], pts[i]![1] - pts[i - 1]![1]);
  const since = t - (a.show?.[0] ?? 0);
  const p = Math.max(0, Math.min(1, since / (APPEAR * 1.5)));
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

const popScale = (since: number) => {
  const p = Math.max(0, Math.min(1, since / APPEAR));
  // Overshoots a little, then settles at 1.
  return p >= 1 ? 1 : p < 0.7 ? (p / 0.7) * 1.15 : 1.15 - ((p - 0.7) / 0.3) * 0.15;
};

function drawRing(r: Ring, t: number): string {
  const k = popScale(t - (r.show?.[0] ?? 0));
  const c = EXPLAIN[r.color]!;
  return `<g transform="translate(${pt(r.at)}) scale(${fmtScale(k)})"><circle r="${f(r.r)}" fill="none" stroke="#00000066" stroke-width="7"/><circle r="${f(r.r)}" fill="none" stroke="${c}" stroke-width="4"/></g>`;
}

function drawMark(m: Mark, t: number): string {
  const k = popScale(t - (m.show?.[0] ?? 0));
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
  const k = popScale(t - (p.show?.[0] ?? 0));
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
    ? `<rect width="${WIDTH}" height="${HEIGHT}" fill="${PALETTE.night}" opacity="0.62"/>${glow.join('')}`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${world.join('')}${night}${explain.join('')}</svg>`;
}
