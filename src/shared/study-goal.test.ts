import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, examDateWindow } from './study-goal';

describe('the exam date window', () => {
  it('runs from today to 730 days ahead, across month ends and leap days', () => {
    expect(examDateWindow('2026-03-01')).toEqual({ min: '2026-03-01', max: '2028-02-29' });
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
  it('counts whole days to the exam, none on the day itself and negative once it has passed', () => {
    expect(daysBetween('2026-11-27', '2026-11-27')).toBe(0);
    expect(daysBetween('2026-11-27', '2027-03-01')).toBe(94);
    expect(daysBetween('2028-03-01', '2028-02-28')).toBe(-2);
  });
});
