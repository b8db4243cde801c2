// The calibration plot of the public page: predicted pass percent (across) against the share who
// passed (up), per decile, for the new model and the old, with the diagonal of an honest forecast.
// Drawn like the statistics charts (statistics/Chart.tsx): uPlot loaded here only, the box sized in
// CSS before anything arrives (no layout shift), colours from the design tokens and redrawn with the
// scheme; the canvas is hidden from assistive technology (the table under it has the numbers).
import { useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { tokenColor, useUplot } from '../statistics/Chart';
import type { CalibrationSeries } from './calibration';

interface Props {
  series: CalibrationSeries;
  labels: { memory: string; beta: string; diagonal: string; loading: string };
}

function options(props: Props, box: HTMLElement, width: number, height: number): uPlot.Options {
  const text = tokenColor(box, 'muted');
  const grid = tokenColor(box, 'border');
  const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid }, incrs: [10, 20, 25, 50] };
  const model = (label: string, token: string, dash?: number[]) => {
    const color = tokenColor(box, token);
    return {
      label,
      stroke: color,
      width: 2,
      spanGaps: true,
      ...(dash ? { dash } : {}),
      points: { show: true, size: 8, fill: color },
    };
  };
  return {
    width,
    height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: false, range: [0, 100] }, y: { range: [0, 100] } },
    axes: [axis, { ...axis, size: 44 }],
    series: [
      {},
      { label: props.labels.diagonal, stroke: grid, width: 1, dash: [6, 6], points: { show: false } },
      model(props.labels.memory, 'brand'),
      model(props.labels.beta, 'danger', [3, 3]),
    ],
  };
}

export default function CalibrationChart(props: Props) {
  const box = useRef<HTMLDivElement>(null);
  const { x, diagonal, memory, beta } = props.series;
  const drawn = useUplot(
    box,
    (lib, el, width, height) =>
      new lib(options(props, el, width, height), [x, diagonal, memory, beta] as uPlot.AlignedData, el),
    [],
  );

  return (
    <div
      ref={box}
      className="calibration__plot"
      aria-hidden="true"
      data-calibration-plot
      data-chart-drawn={drawn ? '' : undefined}
    >
      {!drawn && <div className="skeleton calibration__skeleton" title={props.labels.loading} />}
    </div>
  );
}
