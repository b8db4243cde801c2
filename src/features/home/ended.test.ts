import { describe, expect, it } from 'vitest';
import { endedAccesses } from './EndedAccesses';
import type { AccessItem } from './store';

const access = (id: number, type: AccessItem['type'], target: number, date_end: string, can = false): AccessItem => ({
  id,
  type,
  can,
  target: { id: target, name: `t${target}`, picture: null },
  date_start: '2025-01-01T00:00:00Z',
  date_end,
});
const now = Date.parse('2026-06-01T00:00:00Z');

describe('endedAccesses', () => {
  it('lists what ended, the latest end per target, newest first', () => {
    const list = [
      access(1, 'test', 1, '2026-01-01T00:00:00Z'),
      access(2, 'test', 1, '2026-03-01T00:00:00Z'),
      access(3, 'autodrome', 5, '2026-05-01T00:00:00Z'),
    ];
    expect(endedAccesses(list, now).map((a) => a.id)).toEqual([3, 2]);
  });
  it('leaves out renewed targets, accesses not yet started or revoked early, and an empty or missing list', () => {
    const list = [
      access(1, 'test', 1, '2026-01-01T00:00:00Z'),
      access(2, 'test', 1, '2027-01-01T00:00:00Z', true), // renewed
      access(3, 'education', 2, '2026-09-01T00:00:00Z'), // ends in the future: not started or revoked, not "ended"
    ];
    expect(endedAccesses(list, now)).toEqual([]);
    expect(endedAccesses([], now)).toEqual([]);
    expect(endedAccesses(null, now)).toEqual([]);
  });
});
