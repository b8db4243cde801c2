// One uPlot chart of the statistics page. uPlot is loaded here only (a dynamic import, so it never
// reaches another page's bundle). The plot's box has its final height in CSS before any data or
// script arrives (a skeleton fills it until the canvas is drawn: no layout shift); the canvas follows
// the box's width (ResizeObserver) and the colour scheme (its colours are read from CSS variables and
// redrawn when <html data-theme> or the system scheme changes). The canvas is hidden from assistive
// technology: the same numbers are in the table under it.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Series } from './logic';

export type ChartTone = 'success' | 'danger' | 'brand';

export interface ChartProps {
  /** data-chart's value, for tests and styles. */
  name: string;
  kind: 'bars' | 'line';
  data: Series;
  /** One label per x value (days, or the tests' dates). */
  labels: string[];
  series: { label: string; tone: ChartTone }[];
  /** The y axis: whole counts, or a percentage 0–100. */
  y: 'count' | 'percent';
  loadingLabel: string;
}

/** A colour the browser resolved (light-dark() and all) from one of the design tokens. */
export function tokenColor(box: HTMLElement, token: string): string {
  const probe = document.createElement('span');
  probe.style.cssText = `position:absolute;visibility:hidden;color:var(--${token})`;
  box.appendChild(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

function options(lib: typeof uPlot, props: ChartProps, box: HTMLElement, width: number, height: number): uPlot.Options {
  const text = tokenColor(box, 'muted');
  const grid = tokenColor(box, 'border');
  const n = props.data[0].length;
  const intTicks = [1, 2, 5, 10, 20, 50, 100, 200, 500];
  const label = (i: number) => (Number.isInteger(i) ? (props.labels[props.kind === 'bars' ? i : i - 1] ?? '') : '');
  const bars = lib.paths.bars!;
  return {
    width,
    height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: {
        time: false,
        range: props.kind === 'bars' ? [-0.5, Math.max(0, n - 1) + 0.5] : [0.5, Math.max(1, n) + 0.5],
      },
      y: {
        range: (_u, _min, max) => (props.y === 'percent' ? [0, 100] : [0, Math.max(1, Math.ceil((max || 0) * 1.15))]),
      },
    },
    axes: [
      {
        stroke: text,
        grid: { show: false },
        ticks: { stroke: grid },
        incrs: intTicks,
        values: (_u, splits) => splits.map(label),
      },
      {
        stroke: text,
        grid: { stroke: grid, width: 1 },
        ticks: { stroke: grid },
        incrs: props.y === 'percent' ? [10, 20, 25, 50] : intTicks,
        size: 44,
      },
    ],
    series: [
      {},
      ...props.series.map((s, i) => {
        const color = tokenColor(box, s.tone);
        if (props.kind === 'line')
          return { label: s.label, stroke: color, width: 2, points: { show: true, size: 7, fill: color } };
        // Two series side by side around each day: the first to the left of it, the second to the right.
        const align = (props.series.length === 1 ? 0 : i === 0 ? -1 : 1) as 0 | 1 | -1;
        return {
          label: s.label,
          stroke: color,
          fill: color,
          width: 0,
          points: { show: false },
          paths: bars({ size: [props.series.length === 1 ? 0.6 : 0.35, 32], align }),
        };
      }),
    ],
  };
}

/** A number that changes when the colour scheme does (the theme toggle or the system's): redraw on it. */
export function useSchemeVersion(): number {
  const [scheme, setScheme] = useState(0);
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const bump = () => setScheme((n) => n + 1);
    media.addEventListener('change', bump);
    const observer = new MutationObserver(bump);
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      media.removeEventListener('change', bump);
      observer.disconnect();
    };
  }, []);
  return scheme;
}

/**
 * Draws a uPlot chart into `box` once uPlot has loaded (here only, so it reaches no other page's
 * bundle), keeps it the box's width, and draws it anew when `deps` or the colour scheme change.
 * Returns whether it is drawn (the skeleton shows until then).
 */
export function useUplot(
  box: RefObject<HTMLDivElement | null>,
  draw: (lib: typeof uPlot, el: HTMLDivElement, width: number, height: number) => uPlot,
  deps: readonly unknown[],
): boolean {
  const [drawn, setDrawn] = useState(false);
  // Redraw in the other scheme's colours.
  const scheme = useSchemeVersion();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | null = null;
    let resize: ResizeObserver | null = null;
    let live = true;
    void import('uplot').then(({ default: lib }) => {
      if (!live) return;
      const size = () => ({ width: Math.max(120, Math.floor(el.clientWidth)), height: Math.floor(el.clientHeight) });
      const { width, height } = size();
      plot = draw(lib, el, width, height);
      resize = new ResizeObserver(() => plot?.setSize(size()));
      resize.observe(el);
      setDrawn(true);
    });
    return () => {
      live = false;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [...deps, scheme]);
  return drawn;
}

export default function Chart(props: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const drawn = useUplot(
    box,
    (lib, el, width, height) => new lib(options(lib, props, el, width, height), props.data as uPlot.AlignedData, el),
    [JSON.stringify([props.data, props.labels])],
  );

  return (
    <div
      ref={box}
      className="stat-chart__plot"
      aria-hidden="true"
      data-chart={props.name}
      data-chart-drawn={drawn ? '' : undefined}
    >
      {!drawn && <div className="skeleton stat-chart__skeleton" title={props.loadingLabel} />}
    </div>
  );
}
