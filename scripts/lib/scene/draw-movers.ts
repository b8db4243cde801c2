// The movers seen from above: cars, trucks, buses, trams, trains, two-wheelers, pedestrians and the traffic
// officer, with their lamps (indicators blinking, brake lights, beacons, headlights and their beams at
// night). Where a mover is at t comes from its keys (moverAt).
import { blinkOn, f, PALETTE, VEHICLE } from './draw-base';
import type { Mover, MoverKey } from './schema';

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

export interface Drawn {
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
    glow += `<path d="M${f(fx)} ${f(-wy)}L${f(fx + 70)} ${f(-wy - 22)}L${f(fx + 70)} ${f(wy + 22)}L${f(fx)} ${f(wy)}z" fill="#fff3b0" fill-opacity="0.28"/>${head}`;
  // Rear lights: dim red, bright and bigger when braking.
  const tail = s.brake
    ? `<rect x="${f(rx)}" y="${f(-wy - 2)}" width="3.5" height="4" fill="#ff2a1a"/><rect x="${f(rx)}" y="${f(wy - 2)}" width="3.5" height="4" fill="#ff2a1a"/><circle cx="${f(rx - 1)}" cy="${f(-wy)}" r="4.5" fill="#ff3b2f" fill-opacity="0.45"/><circle cx="${f(rx - 1)}" cy="${f(wy)}" r="4.5" fill="#ff3b2f" fill-opacity="0.45"/>`
    : `<rect x="${f(rx)}" y="${f(-wy - 1.5)}" width="2.5" height="3" fill="${dark ? '#e0342a' : '#9b1c14'}"/><rect x="${f(rx)}" y="${f(wy - 1.5)}" width="2.5" height="3" fill="${dark ? '#e0342a' : '#9b1c14'}"/>`;
  body += tail;
  if (dark || s.brake) glow += tail;
  // Indicators: amber at the four corners of the side that turns (left is -y when facing +x).
  if (s.signal !== 'none' && blinkOn(t)) {
    const sides = s.signal === 'hazard' ? [-1, 1] : [s.signal === 'left' ? -1 : 1];
    let ind = '';
    for (const side of sides)
      for (const x of [fx - 1, rx + 1])
        ind += `<circle cx="${f(x)}" cy="${f(side * (wid / 2))}" r="3.2" fill="#ffb000"/><circle cx="${f(x)}" cy="${f(side * (wid / 2))}" r="6" fill="#ffb000" fill-opacity="0.35"/>`;
    body += ind;
    glow += ind;
  }
  // A flashing beacon on the roof: two lamps taking turns.
  if (s.beacon !== 'none') {
    const c = s.beacon === 'blue' ? '#2b7bff' : '#ffb000';
    const first = blinkOn(t, 0.5);
    const b = `<rect x="-2" y="-6" width="4" height="12" rx="1.5" fill="#e8e8e8"/><circle cx="0" cy="${first ? -3.5 : 3.5}" r="3" fill="${c}"/><circle cx="0" cy="${first ? -3.5 : 3.5}" r="8" fill="${c}" fill-opacity="0.4"/>`;
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
    `<rect x="${f(-l * 0.5)} " y="${f(-w + 2.5)}" width="${f(l * 0.7)}" height="${f(wid - 5)}" rx="2" fill="#ffffff" fill-opacity="0.18"/>` +
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
    s += `<rect x="${f(-l + 5)}" y="${f(-w + 6)}" width="${f(len - 14)}" height="${f(wid - 12)}" rx="2" fill="#ffffff" fill-opacity="0.22"/>`;
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
      arms = `<circle cx="0" cy="0" r="11" fill="none" stroke="#ffffff" stroke-width="1.5" stroke-opacity="0.8"/><line x1="0" y1="7" x2="1" y2="1" ${sleeve}/><circle cx="1" cy="1" r="2.4" fill="#ffffff"/>`;
    else arms = `<line x1="-1" y1="8" x2="-4" y2="8" ${sleeve}/><line x1="-4" y1="8" x2="-9" y2="8" ${baton}/>`;
  }
  const cap = officer ? '#ffffff' : '#3a2a1e';
  return `<g transform="scale(${officer ? 1.8 : 1.5})">${arms}<ellipse cx="0" cy="0" rx="${officer ? 5 : 4.5}" ry="${officer ? 9 : 8}" fill="${body}" stroke="#00000055" stroke-width="1"/><circle cx="0.5" cy="0" r="${officer ? 4.2 : 3.8}" fill="${cap}" stroke="#00000055" stroke-width="0.8"/>${officer ? '<rect x="-1.5" y="-6" width="3" height="12" rx="1" fill="#fcc200" fill-opacity="0.9"/>' : ''}</g>`;
}

export function drawMover(m: Mover, t: number, dark: boolean): Drawn {
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
      : `<rect x="${f(-len / 2 + 1.5)}" y="${f(-wid / 2 + 2.5)}" width="${f(len)}" height="${f(wid)}" rx="4" fill="#000" fill-opacity="0.18"/>`;
  return {
    body: `<g transform="${tr}">${shadow}${body}${lit.body}</g>`,
    glow: lit.glow ? `<g transform="${tr}">${lit.glow}</g>` : '',
  };
}
