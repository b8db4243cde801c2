import { describe, expect, it } from 'vitest';
import { almatyDate, almatyWallClock, fromAlmatyWallClock } from './time';

describe('Almaty time', () => {
  it('reads an instant on the Almaty wall clock, crossing midnight', () => {
    expect(almatyWallClock('2027-01-14T18:59:59.000Z')).toBe('2027-01-14T23:59:59.000');
    expect(almatyDate(new Date('2027-01-14T19:00:00.000Z'))).toBe('2027-01-15');
    expect(almatyDate(Date.parse('2027-06-30T20:00:00Z'))).toBe('2027-07-01');
  });

  it('turns an Almaty wall-clock time or day back into the instant', () => {
    expect(fromAlmatyWallClock('2027-01-15').toISOString()).toBe('2027-01-14T19:00:00.000Z');
    expect(fromAlmatyWallClock('2027-01-15T12:30:00').toISOString()).toBe('2027-01-15T07:30:00.000Z');
    expect(almatyWallClock(fromAlmatyWallClock('2027-03-01T00:00:00'))).toBe('2027-03-01T00:00:00.000');
  });
});
