import { describe, expect, it } from 'vitest';
import { pickQualification, type AccessItem } from './store';

const access = (id: number, targetId: number): AccessItem => ({
  id,
  type: 'test',
  can: true,
  target: { id: targetId, name: `Q${targetId}`, picture: null },
  date_start: '2020-01-01T00:00:00.000Z',
  date_end: '2030-01-01T00:00:00.000Z',
});

describe('pickQualification', () => {
  const tests = [access(1, 10), access(2, 20)];
  it('keeps the saved qualification while it is still accessible', () => {
    expect(pickQualification(20, tests)).toBe(20);
  });
  it('accepts a saved child qualification reachable through a parent access', () => {
    expect(pickQualification(11, tests, [11])).toBe(11);
  });
  it('falls back to the first test access when the saved one is gone or absent', () => {
    expect(pickQualification(99, tests)).toBe(10);
    expect(pickQualification(null, tests)).toBe(10);
  });
  it('gives null without test accesses', () => {
    expect(pickQualification(10, [])).toBeNull();
  });
});
