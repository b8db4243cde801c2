// The calibration check's results (content/readiness/calibration.json, written by
// `npm run readiness:calibrate -- --write`) as the public page shows them: read and checked at build
// time, and turned into the plot's aligned series (uPlot wants one x array for every series).
import { z } from 'zod';

const bin = z.object({
  predicted: z.number().min(0).max(1),
  observed: z.number().min(0).max(1),
  count: z.number().int().min(0),
});
const model = z.object({ brier: z.number().min(0), worst_decile_pp: z.number().min(0), bins: z.array(bin).length(10) });

export const calibrationSchema = z.object({
  run: z.enum(['full', 'quick']),
  learners: z.number().int().positive(),
  exams: z.number().int().positive(),
  oracle_brier: z.number().min(0),
  models: z.object({ memory: model, beta: model }),
  answers_to_95: z.object({ smart: z.number().int(), random: z.number().int(), leitner: z.number().int() }),
});

export type Calibration = z.infer<typeof calibrationSchema>;
export type CalibrationModel = Calibration['models']['memory'];

/** The file's content, or a build error that says what is wrong with it. */
export function parseCalibration(raw: unknown): Calibration {
  const parsed = calibrationSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`content/readiness/calibration.json: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The plot's data, in percent: x is every bin's mean prediction (both models), 0 and 100; each model
 *  has its observed share at its own bins' x and nothing elsewhere (empty bins are left out); the
 *  diagonal is x itself. */
export interface CalibrationSeries {
  x: number[];
  diagonal: number[];
  memory: (number | null)[];
  beta: (number | null)[];
}

const pct = (v: number) => Math.round(v * 1000) / 10;

export function calibrationSeries(calibration: Calibration): CalibrationSeries {
  const points = (m: CalibrationModel) =>
    new Map(m.bins.filter((b) => b.count > 0).map((b) => [pct(b.predicted), pct(b.observed)]));
  const memory = points(calibration.models.memory);
  const beta = points(calibration.models.beta);
  const x = [...new Set([0, 100, ...memory.keys(), ...beta.keys()])].sort((a, b) => a - b);
  return {
    x,
    diagonal: x,
    memory: x.map((v) => memory.get(v) ?? null),
    beta: x.map((v) => beta.get(v) ?? null),
  };
}

/** "70–80 %": the decile a bin holds. */
export function decileLabel(index: number): string {
  return `${index * 10}–${index * 10 + 10} %`;
}
