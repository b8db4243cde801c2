import { describe, expect, it } from 'vitest';
import { calibrationSeries, decileLabel, parseCalibration, type Calibration } from './calibration';

const bins = (points: [number, number, number][]) =>
  points.map(([predicted, observed, count]) => ({ predicted, observed, count }));
const empty = (n: number) => Array.from({ length: n }, () => [0, 0, 0] as [number, number, number]);

const calibration = (): Calibration => ({
  run: 'full',
  learners: 10,
  exams: 20,
  oracle_brier: 0.1,
  models: {
    memory: { brier: 0.11, worst_decile_pp: 2.5, bins: bins([[0.05, 0.04, 3], ...empty(8), [0.95, 0.97, 9]]) },
    beta: { brier: 0.2, worst_decile_pp: 14, bins: bins([...empty(5), [0.55, 0.3, 4], ...empty(3), [0.95, 0.8, 2]]) },
  },
  answers_to_95: { smart: 100, random: 200, leitner: 150 },
});

describe('the calibration file', () => {
  it('is read as it is when it has the format', () => {
    expect(parseCalibration(calibration())).toEqual(calibration());
  });
  it('is refused, naming the file, when a field is missing or out of range', () => {
    const noOracle = { ...calibration(), oracle_brier: undefined };
    expect(() => parseCalibration(noOracle)).toThrow(/calibration\.json/);
    const nine = calibration();
    nine.models.memory.bins.pop();
    expect(() => parseCalibration(nine)).toThrow(/calibration\.json/);
    const over = calibration();
    over.models.beta.bins[0]!.observed = 1.2;
    expect(() => parseCalibration(over)).toThrow(/calibration\.json/);
  });
});

describe('the calibration plot’s series', () => {
  it('share one x (both models’ predictions, 0 and 100), each model with its observed share at its own points only', () => {
    const s = calibrationSeries(calibration());
    expect(s.x).toEqual([0, 5, 55, 95, 100]);
    expect(s.diagonal).toEqual(s.x);
    expect(s.memory).toEqual([null, 4, null, 97, null]);
    expect(s.beta).toEqual([null, null, 30, 80, null]);
  });
  it('label the deciles', () => {
    expect(decileLabel(0)).toBe('0–10 %');
    expect(decileLabel(9)).toBe('90–100 %');
  });
});
