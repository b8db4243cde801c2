// The layout presets: ready backgrounds a scene names with `layout:`. Each is a list of ordinary items
// (roads, areas) drawn before the scene's own items, so a preset looks exactly like the same items
// written by hand. Their coordinates are documented in content/course/SCENES.md; keep the two in step.
// Right-hand traffic: a car heading east (angle 0) keeps to the lower half of a horizontal road.

/** One lane's width in px; a road of n lanes is n × LANE wide. */
export const LANE = 32;

export const LAYOUTS = [
  'straight',
  'straight-4',
  'crossroads',
  'crossroads-4',
  't-junction',
  'roundabout',
  'railway',
  'parking',
  'autodrome',
] as const;
export type Layout = (typeof LAYOUTS)[number];

type P = [number, number];
/** The preset's drawing: plain item objects (validated like a scene's own through the renderer's types). */
export type PresetItem =
  | {
      kind: 'area';
      rect: [number, number, number, number];
      fill: 'grass' | 'pavement' | 'asphalt' | 'parking' | 'building';
    }
  | { kind: 'road'; from: P; to: P; lanes: number; split: 'dashed' | 'solid' | 'double' | 'none' }
  | { kind: 'rail'; from: P; to: P }
  | { kind: 'roundabout'; at: P; island: number; outer: number };

const W = 640;
const H = 360;
const grass = (): PresetItem => ({ kind: 'area', rect: [0, 0, W, H], fill: 'grass' });
const pave = (x: number, y: number, w: number, h: number): PresetItem => ({
  kind: 'area',
  rect: [x, y, w, h],
  fill: 'pavement',
});
const asphalt = (x: number, y: number, w: number, h: number): PresetItem => ({
  kind: 'area',
  rect: [x, y, w, h],
  fill: 'asphalt',
});

/** A crossroads of two roads with `lanes` lanes each, crossing at the canvas's centre (320, 180). */
function crossroads(lanes: number, arms: { n: boolean }): PresetItem[] {
  const half = (lanes * LANE) / 2;
  const [cx, cy] = [320, 180];
  const split = lanes >= 4 ? 'double' : 'dashed';
  const items: PresetItem[] = [
    grass(),
    // Pavements along every arm, 12 px wide.
    pave(0, cy - half - 12, W, half * 2 + 24),
    pave(cx - half - 12, arms.n ? 0 : cy - half - 12, half * 2 + 24, arms.n ? H : H - (cy - half - 12)),
    { kind: 'road', from: [0, cy], to: [cx - half, cy], lanes, split },
    { kind: 'road', from: [cx + half, cy], to: [W, cy], lanes, split },
    { kind: 'road', from: [cx, cy + half], to: [cx, H], lanes, split },
  ];
  if (arms.n) items.push({ kind: 'road', from: [cx, 0], to: [cx, cy - half], lanes, split });
  items.push(asphalt(cx - half, cy - half, half * 2, half * 2));
  return items;
}

export const PRESETS: Record<Layout, PresetItem[]> = {
  straight: [grass(), pave(0, 136, W, 88), { kind: 'road', from: [0, 180], to: [W, 180], lanes: 2, split: 'dashed' }],
  'straight-4': [
    grass(),
    pave(0, 104, W, 152),
    { kind: 'road', from: [0, 180], to: [W, 180], lanes: 4, split: 'double' },
  ],
  crossroads: crossroads(2, { n: true }),
  'crossroads-4': crossroads(4, { n: true }),
  't-junction': crossroads(2, { n: false }),
  roundabout: [
    grass(),
    pave(0, 136, W, 88),
    pave(276, 0, 88, H),
    { kind: 'road', from: [0, 180], to: [240, 180], lanes: 2, split: 'dashed' },
    { kind: 'road', from: [400, 180], to: [W, 180], lanes: 2, split: 'dashed' },
    { kind: 'road', from: [320, 0], to: [320, 100], lanes: 2, split: 'dashed' },
    { kind: 'road', from: [320, 260], to: [320, H], lanes: 2, split: 'dashed' },
    { kind: 'roundabout', at: [320, 180], island: 44, outer: 108 },
  ],
  railway: [
    grass(),
    pave(0, 136, W, 88),
    { kind: 'road', from: [0, 180], to: [W, 180], lanes: 2, split: 'dashed' },
    { kind: 'rail', from: [320, 0], to: [320, H] },
  ],
  parking: [
    grass(),
    pave(0, 136, W, 88),
    { kind: 'area', rect: [40, 40, 560, 96], fill: 'parking' },
    { kind: 'road', from: [0, 180], to: [W, 180], lanes: 2, split: 'dashed' },
  ],
  autodrome: [grass(), asphalt(16, 16, W - 32, H - 32)],
};
