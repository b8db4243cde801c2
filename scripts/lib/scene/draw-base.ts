// The drawing's shared ground: the canvas, the one number formatter, the palette and the blink clock.
// Every number in a frame is written by fmt, so the same scene and time give the same bytes.

export const WIDTH = 640;
export const HEIGHT = 360;

/** At most two decimals, no "-0", no trailing zeros: the one way a number is written into a frame. */
export function fmt(n: number): string {
  const r = Math.round(n * 100) / 100;
  return Object.is(r, -0) ? '0' : String(r);
}
export const f = fmt;
export const pt = (p: readonly [number, number]) => `${f(p[0])} ${f(p[1])}`;

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
export const VEHICLE: Record<string, string> = {
  red: '#d9382e',
  blue: '#2f6fd0',
  green: '#2e9d5b',
  yellow: '#f2c230',
  white: '#f2f2f2',
  grey: '#8d9399',
};
export const EXPLAIN: Record<string, string> = {
  green: '#22c55e',
  red: '#ef4444',
  white: '#ffffff',
  yellow: '#ffd23f',
};

/** Seconds of one indicator blink (on for the first half): 75 flashes a minute. */
export const BLINK = 0.8;
export const blinkOn = (t: number, period = BLINK) => t % period < period / 2;
