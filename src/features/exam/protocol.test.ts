import { describe, expect, it } from 'vitest';
import type { Texts } from '../../i18n/interpolate';
import { messages } from '../../i18n/messages';
import {
  centreRuleText,
  isCentreExam,
  modeLabel,
  navState,
  needsRestart,
  passMark,
  protocolChoosable,
  protocolOf,
  verdictsWithheld,
} from './protocol';
import { exam } from './test-fixtures';

const texts = messages.en as unknown as Texts;
const unbegun = (overrides = {}) => exam({ started_at: null, deadline: null, ...overrides });

describe('the protocol a mock exam runs by', () => {
  it('follows the learner’s setting', () => {
    expect(protocolOf({ centreProtocol: true })).toBe('centre');
    expect(protocolOf({ centreProtocol: false })).toBe('spec');
  });

  it('is the exam centre’s only for an exam started so, never a training or the demo', () => {
    expect(isCentreExam(exam({ protocol: 'centre' }))).toBe(true);
    expect(isCentreExam(exam({ protocol: 'spec' }))).toBe(false);
    expect(isCentreExam(exam({ protocol: 'centre', prepare: true, mode: 'train' }))).toBe(false);
    expect(isCentreExam(exam({ protocol: 'centre', mode: 'demo' }))).toBe(false);
  });

  it('keeps the verdicts only while the centre exam runs', () => {
    expect(verdictsWithheld(exam({ protocol: 'centre' }))).toBe(true);
    expect(verdictsWithheld(exam({ protocol: 'centre', status: 'failed' }))).toBe(false);
    expect(verdictsWithheld(exam({ protocol: 'spec' }))).toBe(false);
  });

  it('may be chosen on the start card only for an exam not yet begun and with nothing answered', () => {
    expect(protocolChoosable(unbegun(), false)).toBe(true);
    expect(protocolChoosable(unbegun(), true)).toBe(false); // the demo
    expect(protocolChoosable(exam(), false)).toBe(false); // begun: its protocol is fixed
    expect(protocolChoosable(unbegun({ prepare: true, mode: 'train' }), false)).toBe(false);
    const touched = unbegun();
    touched.answers[0] = { ...touched.answers[0]!, answered: true, answer: 1 };
    expect(protocolChoosable(touched, false)).toBe(false);
    expect(protocolChoosable(unbegun({ status: 'cancelled' }), false)).toBe(false);
  });

  it('asks for a new start when the server took up an unbegun exam of the other protocol', () => {
    expect(needsRestart(unbegun({ protocol: 'spec' }), 'centre')).toBe(true);
    expect(needsRestart(unbegun({ protocol: 'centre' }), 'spec')).toBe(true);
    expect(needsRestart(unbegun({ protocol: 'centre' }), 'centre')).toBe(false);
    // A begun exam is the learner's to continue as it runs; a training asks for no protocol.
    expect(needsRestart(exam({ protocol: 'spec' }), 'centre')).toBe(false);
    expect(needsRestart(unbegun({ protocol: 'spec', prepare: true, mode: 'train' }), undefined)).toBe(false);
  });
});

describe('the question list at the exam centre', () => {
  const right = { answered: true, correct: true };
  const wrong = { answered: true, correct: false };
  it('says answered or not answered, never right or wrong', () => {
    expect(navState(right, true)).toBe('answered');
    expect(navState(wrong, true)).toBe('answered');
    expect(navState({ answered: true, correct: null }, true)).toBe('answered');
    expect(navState({ answered: false, correct: null }, true)).toBe('unanswered');
    expect(navState(undefined, true)).toBe('unanswered');
  });
  it('shows the verdicts as before otherwise', () => {
    expect(navState(right, false)).toBe('correct');
    expect(navState(wrong, false)).toBe('wrong');
    expect(navState({ answered: true, correct: null }, false)).toBe('answered');
  });
});

describe('what the centre exam is called and what it asks', () => {
  it('names the protocol wherever a test is named', () => {
    expect(modeLabel(texts, { mode: 'exam', prepare: false, protocol: 'centre' })).toBe(texts['exam.centre.mode']);
    expect(modeLabel(texts, { mode: 'exam', prepare: false, protocol: 'spec' })).toBe(texts['exam.mode.exam']);
    expect(modeLabel(texts, { mode: 'train', prepare: true })).toBe(texts['exam.mode.train']);
  });

  it('needs the questions less the mistakes allowed: 32 of 40', () => {
    const forty = { question_count: 40, pass_mistakes: 8, allowed_mistakes: 8 };
    expect(passMark(forty)).toBe(32);
    expect(passMark({ question_count: 20, allowed_mistakes: 2 })).toBe(18);
  });

  it('tells the rule with the exam’s own numbers', () => {
    const line = centreRuleText(texts, 'en', { question_count: 20, time_limit: 1200, allowed_mistakes: 2 });
    expect(line).toContain('20 questions in 20 minutes');
    expect(line).toContain('a pass is 18 right');
    expect(line).toContain('Order No. 862');
    expect(line).not.toContain('{{');
  });
});
