import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, clearToasts, DEFAULT_TOAST_LIFE, removeToast, severities, showErrorToast, showToast } from './toasts';

const ids = () => $toasts.get().map((t) => t.id);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  clearToasts();
  vi.useRealTimers();
});

describe('severities', () => {
  it('are exactly the six of the spec, in order', () => {
    expect(severities).toEqual(['info', 'warn', 'error', 'success', 'secondary', 'contrast']);
  });
});

describe('showToast', () => {
  it('fills in the defaults', () => {
    const id = showToast({ summary: 'Hello' });
    expect($toasts.get()).toEqual([
      { id, summary: 'Hello', severity: 'info', group: 'errors', life: 10_000, closable: true },
    ]);
    expect(DEFAULT_TOAST_LIFE).toBe(10_000);
  });

  it('keeps what the caller gives', () => {
    const id = showToast({
      summary: 'Wait',
      detail: 'd',
      severity: 'secondary',
      group: 'auth',
      life: 0,
      closable: false,
      loading: true,
    });
    expect($toasts.get()[0]).toEqual({
      id,
      summary: 'Wait',
      detail: 'd',
      severity: 'secondary',
      group: 'auth',
      life: 0,
      closable: false,
      loading: true,
    });
  });

  it('gives unique ids and appends in order', () => {
    const a = showToast({ summary: 'a' });
    const b = showToast({ summary: 'b' });
    const c = showToast({ summary: 'c' });
    expect(new Set([a, b, c]).size).toBe(3);
    expect(ids()).toEqual([a, b, c]);
  });

  it('does not let the input override the id', () => {
    const input = { summary: 'x', id: 999 } as unknown as Parameters<typeof showToast>[0];
    const id = showToast(input);
    expect(id).not.toBe(999);
    expect(ids()).toEqual([id]);
  });

  it('closes itself after its life', () => {
    const id = showToast({ summary: 'a', life: 3000 });
    vi.advanceTimersByTime(2999);
    expect(ids()).toEqual([id]);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual([]);
  });

  it('closes after 10 s by default', () => {
    showToast({ summary: 'a' });
    vi.advanceTimersByTime(9999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });

  it('stays until closed when life is 0', () => {
    const id = showToast({ summary: 'sticky', life: 0 });
    vi.advanceTimersByTime(24 * 3600_000);
    expect(ids()).toEqual([id]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('removeToast', () => {
  it('removes one toast and cancels its timer', () => {
    const a = showToast({ summary: 'a' });
    const b = showToast({ summary: 'b' });
    removeToast(a);
    expect(ids()).toEqual([b]);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('ignores an unknown id', () => {
    const a = showToast({ summary: 'a' });
    removeToast(a + 1000);
    expect(ids()).toEqual([a]);
  });

  it('does not let an old timer remove a later toast', () => {
    const a = showToast({ summary: 'a', life: 1000 });
    removeToast(a);
    const b = showToast({ summary: 'b', life: 0 });
    vi.advanceTimersByTime(5000);
    expect(ids()).toEqual([b]);
  });
});

describe('clearToasts', () => {
  it('clears only the named group', () => {
    const e1 = showToast({ summary: 'e1', group: 'errors' });
    showToast({ summary: 'a1', group: 'auth' });
    const e2 = showToast({ summary: 'e2', group: 'errors', life: 0 });
    showToast({ summary: 'a2', group: 'auth', life: 0 });
    clearToasts('auth');
    expect(ids()).toEqual([e1, e2]);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('clears everything without a group', () => {
    showToast({ summary: 'e', group: 'errors' });
    showToast({ summary: 'a', group: 'auth' });
    clearToasts();
    expect($toasts.get()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('showErrorToast', () => {
  it('shows an error in the errors group for 10 s', () => {
    const id = showErrorToast('Error', 'Test not found');
    expect($toasts.get()).toEqual([
      {
        id,
        summary: 'Error',
        detail: 'Test not found',
        severity: 'error',
        group: 'errors',
        life: 10_000,
        closable: true,
      },
    ]);
    vi.advanceTimersByTime(10_000);
    expect($toasts.get()).toEqual([]);
  });
});
