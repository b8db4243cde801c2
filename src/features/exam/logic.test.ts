import { describe, expect, it } from 'vitest';
import {
  clampIndex,
  elapsedSeconds,
  firstUnanswered,
  formatClock,
  isoDuration,
  keyAction,
  mistakesLeft,
  nextIndex,
  nextUnanswered,
  previousIndex,
  questionImages,
  remainingSeconds,
  resultKey,
  slotState,
  spentSeconds,
  summarize,
  type KeyContext,
} from './logic';

const at = (iso: string) => Date.parse(iso);

describe('the clock runs from the server deadline', () => {
  const deadline = '2026-01-10T10:40:00.000Z';
  it('counts the seconds left, rounding a started second up', () => {
    expect(remainingSeconds(deadline, at('2026-01-10T10:00:00.000Z'))).toBe(2400);
    expect(remainingSeconds(deadline, at('2026-01-10T10:39:59.200Z'))).toBe(1);
    expect(remainingSeconds(deadline, at('2026-01-10T10:30:00.000Z'))).toBe(600);
  });
  it('stops at zero after the deadline and never goes negative', () => {
    expect(remainingSeconds(deadline, at('2026-01-10T10:40:00.000Z'))).toBe(0);
    expect(remainingSeconds(deadline, at('2026-01-10T11:00:00.000Z'))).toBe(0);
  });
  it('does not depend on when the page was opened: a test resumed later shows the real time left', () => {
    // Started at 10:00 with 40 minutes; opened again at 10:25 → 15 minutes, not a fresh 40.
    expect(remainingSeconds(deadline, at('2026-01-10T10:25:00.000Z'))).toBe(15 * 60);
  });
  it('has no clock without a deadline (unlimited) or with a bad one', () => {
    expect(remainingSeconds(null, Date.now())).toBeNull();
    expect(remainingSeconds('soon', Date.now())).toBeNull();
  });
  it('measures elapsed and spent time', () => {
    expect(elapsedSeconds('2026-01-10T10:00:00.000Z', at('2026-01-10T10:05:07.900Z'))).toBe(307);
    expect(elapsedSeconds('2026-01-10T10:00:00.000Z', at('2026-01-10T09:00:00.000Z'))).toBe(0);
    const base = { started_at: '2026-01-10T10:00:00.000Z', deadline, time_limit: 2400 };
    expect(spentSeconds({ ...base, status: 'passed', finished_at: '2026-01-10T10:12:00.000Z' }, 0)).toBe(720);
    expect(spentSeconds({ ...base, status: 'expired', finished_at: null }, at('2026-01-10T12:00:00.000Z'))).toBe(2400);
    expect(
      spentSeconds(
        { ...base, deadline: null, time_limit: null, status: 'process', finished_at: null },
        at('2026-01-10T11:00:00.000Z'),
      ),
    ).toBe(3600);
  });
  it('formats the clock', () => {
    expect(formatClock(2400)).toBe('40:00');
    expect(formatClock(307)).toBe('05:07');
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(-5)).toBe('00:00');
    expect(isoDuration(307)).toBe('PT5M7S');
    expect(isoDuration(3600)).toBe('PT1H');
    expect(isoDuration(0)).toBe('PT0S');
  });
});

const slots = (...answered: boolean[]) => answered.map((a) => ({ answered: a }));

describe('moving between questions', () => {
  it('finds the next unanswered question, wrapping round', () => {
    expect(nextUnanswered(slots(false, true, false, false), 0)).toBe(2);
    expect(nextUnanswered(slots(false, true, true, true), 3)).toBe(0);
    expect(nextUnanswered(slots(true, false, true), 1)).toBe(1);
    expect(nextUnanswered(slots(true, true, true), 0)).toBeNull();
  });
  it('opens a test at its first unanswered question', () => {
    expect(firstUnanswered(slots(true, true, false))).toBe(2);
    expect(firstUnanswered(slots(true, true))).toBe(0);
    expect(firstUnanswered([])).toBe(0);
  });
  it('goes through a result one by one and stops at the end', () => {
    expect(nextIndex(slots(true, true, true), 0, true)).toBe(1);
    expect(nextIndex(slots(true, true, true), 2, true)).toBeNull();
    expect(nextIndex(slots(false, true, false), 0, false)).toBe(2);
    expect(nextIndex([], 0, false)).toBeNull();
    expect(previousIndex(0)).toBeNull();
    expect(previousIndex(3)).toBe(2);
  });
  it('keeps an index inside the test', () => {
    expect(clampIndex(-1, 40)).toBe(0);
    expect(clampIndex(45, 40)).toBe(39);
    expect(clampIndex(2.7, 40)).toBe(2);
    expect(clampIndex(3, 0)).toBe(0);
  });
});

describe('answers and results', () => {
  it('names the state of a slot', () => {
    expect(slotState(undefined)).toBe('unanswered');
    expect(slotState({ answered: false, correct: null })).toBe('unanswered');
    expect(slotState({ answered: true, correct: true })).toBe('correct');
    expect(slotState({ answered: true, correct: false })).toBe('wrong');
    expect(slotState({ answered: true, correct: null })).toBe('answered');
  });
  it('sums up a test', () => {
    const exam = {
      question_count: 4,
      answers: [
        { answered: true, correct: true },
        { answered: true, correct: false },
        { answered: false, correct: null },
        { answered: true, correct: true },
      ],
    } as Parameters<typeof summarize>[0];
    expect(summarize(exam)).toEqual({ total: 4, answered: 3, correct: 2, mistakes: 1, unanswered: 1 });
  });
  it('counts mistakes left only when they are counted', () => {
    expect(mistakesLeft({ allowed_mistakes: 8, mistakes: 3 })).toBe(5);
    expect(mistakesLeft({ allowed_mistakes: 8, mistakes: 9 })).toBe(0);
    expect(mistakesLeft({ allowed_mistakes: null, mistakes: 3 })).toBeNull();
  });
  it('preloads each picture once', () => {
    expect(questionImages([{ image: '/a.svg' }, { image: null }, { image: '/a.svg' }, { image: '/b.svg' }])).toEqual([
      '/a.svg',
      '/b.svg',
    ]);
  });
  it('speaks of results in the demo’s own words', () => {
    expect(resultKey('passed', true)).toBe('passed');
    expect(resultKey('failed', true)).toBe('notPassed');
    expect(resultKey('expired', true)).toBe('timeUp');
    expect(resultKey('completed', true)).toBe('completed');
    expect(resultKey('failed', false)).toBe('failed');
    expect(resultKey('cancelled', false)).toBe('cancelled');
    expect(resultKey('expired', false)).toBe('expired');
  });
});

describe('keyboard', () => {
  const open: KeyContext = { answerCount: 3, answered: false, selected: null, browsing: false };
  it('digits choose an answer that exists', () => {
    expect(keyAction({ key: '1' }, open)).toEqual({ type: 'choose', value: 1 });
    expect(keyAction({ key: '3', targetTag: 'INPUT', targetType: 'radio' }, open)).toEqual({
      type: 'choose',
      value: 3,
    });
    expect(keyAction({ key: '4' }, open)).toBeNull();
    expect(keyAction({ key: '5' }, { ...open, answerCount: 5 })).toEqual({ type: 'choose', value: 5 });
    expect(keyAction({ key: '6' }, { ...open, answerCount: 5 })).toBeNull();
    expect(keyAction({ key: '0' }, open)).toBeNull();
  });
  it('digits do nothing once answered or while browsing a result', () => {
    expect(keyAction({ key: '1' }, { ...open, answered: true })).toBeNull();
    expect(keyAction({ key: '1' }, { ...open, browsing: true })).toBeNull();
  });
  it('Enter confirms a chosen answer, then moves on', () => {
    expect(keyAction({ key: 'Enter' }, open)).toBeNull();
    expect(keyAction({ key: 'Enter', targetTag: 'input', targetType: 'radio' }, { ...open, selected: 2 })).toEqual({
      type: 'confirm',
    });
    expect(keyAction({ key: 'Enter' }, { ...open, answered: true })).toEqual({ type: 'next' });
    expect(keyAction({ key: 'Enter' }, { ...open, browsing: true })).toEqual({ type: 'next' });
  });
  it('leaves Enter on buttons and links to the browser', () => {
    expect(keyAction({ key: 'Enter', targetTag: 'BUTTON' }, { ...open, answered: true })).toBeNull();
    expect(keyAction({ key: 'Enter', targetTag: 'a' }, { ...open, selected: 1 })).toBeNull();
  });
  it('ignores keys with modifiers, in text fields, selects and dialogs', () => {
    expect(keyAction({ key: '1', ctrlKey: true }, open)).toBeNull();
    expect(keyAction({ key: '1', altKey: true }, open)).toBeNull();
    expect(keyAction({ key: '1', metaKey: true }, open)).toBeNull();
    expect(keyAction({ key: '1', targetTag: 'input', targetType: 'text' }, open)).toBeNull();
    expect(keyAction({ key: '1', targetTag: 'input' }, open)).toBeNull();
    expect(keyAction({ key: '1', targetTag: 'textarea' }, open)).toBeNull();
    expect(keyAction({ key: '1', targetTag: 'select' }, open)).toBeNull();
    expect(keyAction({ key: '1', inDialog: true }, open)).toBeNull();
    expect(keyAction({ key: 'a' }, open)).toBeNull();
  });
});
