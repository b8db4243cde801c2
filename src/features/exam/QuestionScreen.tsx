// One question on screen, while testing or browsing a result: the bar (timer, mistakes, list toggle,
// finish), the question navigator, the picture or video, the answers as a radio group, feedback and
// the explanation, and the buttons. Keys: 1–5 choose, Enter confirms and moves on.
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { isLocale, locales, type Locale } from '../../i18n/locales';
import { interpolate, plural, type Texts } from '../../i18n/interpolate';
import { commentVisible, type TestSettings } from '../settings/store';
import { afterAnswer, type Feedback } from './after-answer';
import { keyAction, mistakesLeft, nextIndex, slotState, summarize } from './logic';
import QuestionNavigator from './QuestionNavigator';
import { Citation, QuestionMedia } from './QuestionMedia';
import { modeLabel, navState, verdictsWithheld } from './protocol';
import {
  $currentQuestion,
  $navVisible,
  $pending,
  $unsent,
  answerCurrent,
  goNext,
  goPrevious,
  setBrowsing,
  setNavVisible,
  toggleFavorite,
} from './store';
import Timer from './Timer';
import type { AnswerSlot, Examination } from './types';

interface Props {
  locale: Locale;
  texts: Texts;
  exam: Examination;
  settings: TestSettings;
  demo: boolean;
  /** An offline training: no star (favourites are the server's) and rules open in a new tab like the demo's. */
  offline?: boolean;
  browsing: boolean;
  onFinish: () => void;
  announce: (text: string) => void;
}

function optionClass(value: number, slot: AnswerSlot | undefined, correctValue: number | undefined): string {
  const classes = ['answer'];
  if (slot?.answered && slot.answer === value)
    classes.push(slot.correct === false ? 'answer--wrong' : slot.correct ? 'answer--correct' : 'answer--chosen');
  if (correctValue === value && slot?.answered) classes.push('answer--right');
  return classes.join(' ');
}

function feedbackText(texts: Texts, feedback: Feedback | { kind: 'locked' }): string {
  if (feedback.kind === 'correct') return texts['exam.feedback.correct']!;
  if (feedback.kind === 'saved') return texts['exam.feedback.saved']!;
  if (feedback.kind === 'locked') return texts['exam.centre.locked']!;
  if (feedback.kind === 'unsent') return texts['exam.feedback.unsent']!;
  if (feedback.kind === 'late') return texts['exam.result.expired']!;
  return feedback.correctValue
    ? interpolate(texts['exam.feedback.wrongWith'], { value: feedback.correctValue })
    : texts['exam.feedback.wrong']!;
}

export default function QuestionScreen({
  locale,
  texts,
  exam,
  settings,
  demo,
  offline = false,
  browsing,
  onFinish,
  announce,
}: Props) {
  const navVisible = useStore($navVisible);
  const pending = useStore($pending).question;
  const current = useStore($currentQuestion);
  const unsent = useStore($unsent);
  const heading = useRef<HTMLHeadingElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const lastPointer = useRef(0);
  const runner = useRef<HTMLDivElement>(null);
  // The bar sticks under the header: a question scrolled into view stops below both (scroll-margin).
  useEffect(() => {
    const root = runner.current;
    const bar = root?.querySelector<HTMLElement>('[data-runner-bar]');
    if (!root || !bar || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => root.style.setProperty('--runner-bar-h', `${bar.offsetHeight}px`));
    observer.observe(bar);
    return () => observer.disconnect();
  }, []);
  // The choice belongs to the question it was made on: after a move to the next question (the
  // exam centre's, at once) a leftover choice must not be what the next Enter confirms there.
  const [choice, setChoice] = useState<{ question: number; value: number } | null>(null);
  const index = current?.index ?? 0;
  const question = current?.question;
  const slot = current?.slot;
  const selected = choice && choice.question === question?.id ? choice.value : null;
  const setSelected = (value: number | null) =>
    setChoice(value === null || !question ? null : { question: question.id, value });
  const answered = !!slot?.answered;
  // Chosen, but the server has not taken it yet (no network): neither saved nor judged.
  const waiting = !!slot && unsent.some((u) => u.slot === slot.id);
  const summary = summarize(exam);
  // At the exam centre (issue 25) nothing is judged until the end, and every answer is confirmed once.
  const centre = !browsing && verdictsWithheld(exam);
  const confirming = settings.confirmAnswer || centre;

  // A new question (or the start of browsing): forget the choice and take focus to its heading,
  // so screen readers read it and the keys work at once.
  useEffect(() => {
    setSelected(null);
    const h = heading.current;
    if (!h) return;
    // Focus alone would scroll the heading to the very top, under the sticky header and bar.
    h.focus({ preventScroll: true });
    const top = h.getBoundingClientRect().top;
    const covered = parseFloat(getComputedStyle(h).scrollMarginTop) || 0;
    if (top < covered || top > window.innerHeight - 40) h.scrollIntoView({ block: 'start' });
  }, [question?.id, browsing]);

  async function answer(value: number) {
    if (!slot || answered || pending || browsing) return;
    setSelected(value);
    const outcome = await answerCurrent(value, slot.id);
    if (!outcome) return;
    const { feedback, then } = afterAnswer(settings, outcome, centre);
    announce(feedbackText(texts, feedback));
    if (then === 'result') return; // the result takes over
    if (then === 'next' && goNext()) return;
    // Radios are disabled now: keep the keyboard user in place on 'Next'.
    requestAnimationFrame(() => nextButton.current?.focus());
  }

  function choose(value: number, viaPointer: boolean) {
    if (answered || browsing) return;
    if (!confirming && viaPointer) void answer(value);
    else setSelected(value);
  }

  function next() {
    if (browsing) {
      if (!goNext()) setBrowsing(false);
      return;
    }
    if (!goNext() && summary.unanswered === 0) onFinish();
  }

  // Keyboard: digits choose, Enter confirms or moves on.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const action = keyAction(
        {
          key: event.key,
          altKey: event.altKey,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          targetTag: target?.tagName,
          targetType: (target as HTMLInputElement | null)?.type,
          inDialog: !!document.querySelector('dialog[open]'),
        },
        { answerCount: question?.answers.length ?? 0, answered, selected, browsing },
      );
      if (!action) return;
      event.preventDefault();
      if (action.type === 'choose') {
        // A digit is a deliberate choice: it answers at once unless answers are confirmed.
        if (confirming) {
          setSelected(action.value);
          document.getElementById(`answer-${action.value}`)?.focus();
        } else void answer(action.value);
      } else if (action.type === 'confirm' && selected !== null) void answer(selected);
      else if (action.type === 'next') next();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  if (!question) return null;
  const correctValue = question.correct_value;
  const showComment = browsing ? !!question.comment : !!question.comment && commentVisible(settings, answered);
  // The rules' paragraph the explanation rests on. A running test (and the demo, which lives only in
  // this page) opens it in a new tab so the test is not lost; a finished result opens it in place.
  const citation = question.clause ? (
    <Citation
      clause={question.clause}
      locale={locale}
      texts={texts}
      newTab={demo || offline || exam.status === 'process'}
    />
  ) : null;
  const feedbackState = centre ? navState(slot, true) : slotState(slot);
  const following = nextIndex(exam.answers, index, browsing);
  // Skipping the one question left unanswered would lead back to it: no Skip then.
  const hasNext = following !== null && !(centre && following === index);
  const left = mistakesLeft(exam);
  // Questions may be in another language than the interface: the test language setting, or the
  // bank's own language when the question is not in the test's.
  const shownIn = question.lang ?? exam.language;
  const contentLang = isLocale(shownIn) && shownIn !== locale ? locales[shownIn].lang : undefined;

  return (
    <div
      ref={runner}
      className={`runner${navVisible ? '' : ' runner--nav-hidden'}`}
      data-runner={browsing ? 'browse' : 'test'}
    >
      <div className="runner__bar" data-runner-bar>
        <p className="runner__title">
          <strong>{demo ? texts['demo.title'] : exam.qualification.name}</strong>
          {/* The demo's title already says what it is; its mode label would repeat it. */}
          {!demo && <span className="muted"> · {modeLabel(texts, exam)}</span>}
        </p>
        {!browsing && <Timer texts={texts} exam={exam} announce={announce} />}
        <p className="runner__score" data-score={centre ? 'answered' : 'mistakes'}>
          {centre
            ? interpolate(texts['exam.centre.answered'], { value: summary.answered, total: summary.total })
            : exam.allowed_mistakes !== null
              ? interpolate(texts['exam.mistakesOf'], { mistakes: summary.mistakes, allowed: exam.allowed_mistakes })
              : interpolate(texts['exam.mistakes'], { mistakes: summary.mistakes })}
          {left !== null && !browsing && !centre && (
            <span className="visually-hidden"> ({plural(texts, locale, 'exam.mistakesLeft', left)})</span>
          )}
        </p>
        <div className="runner__tools">
          <button
            className="btn btn--secondary btn--small"
            type="button"
            aria-expanded={navVisible}
            aria-controls="question-nav"
            onClick={() => setNavVisible(!navVisible)}
          >
            {texts['exam.nav.label']}
          </button>
          {browsing ? (
            <button
              className="btn btn--secondary btn--small"
              type="button"
              onClick={() => setBrowsing(false)}
              data-back-to-result
            >
              {texts['exam.result.back']}
            </button>
          ) : (
            <button className="btn btn--secondary btn--small" type="button" onClick={onFinish} data-finish>
              {texts['exam.finish']}
            </button>
          )}
        </div>
      </div>

      <div className="runner__body">
        <QuestionNavigator
          texts={texts}
          exam={exam}
          current={index}
          visible={navVisible}
          withheld={centre}
          unsent={new Set(unsent.map((u) => u.slot))}
        />
        <section
          className="card question"
          aria-labelledby="question-heading"
          data-question-id={question.id}
          data-question-number={question.number}
        >
          <div className="question__head">
            <h2 id="question-heading" ref={heading} tabIndex={-1}>
              {interpolate(texts['exam.questionOf'], { number: question.number, total: exam.question_count })}
            </h2>
            {!demo && !offline && (
              <button
                type="button"
                className="icon-btn star"
                aria-pressed={question.favorite}
                onClick={() => void toggleFavorite(question.id)}
                aria-label={texts['exam.favorite.label']}
                title={question.favorite ? texts['exam.favorite.remove'] : texts['exam.favorite.add']}
                data-favorite
              >
                <span aria-hidden="true">{question.favorite ? '★' : '☆'}</span>
              </button>
            )}
          </div>
          <QuestionMedia texts={texts} question={question} settings={settings} />
          <fieldset
            className="answers"
            disabled={answered || browsing || pending}
            aria-busy={pending}
            aria-describedby={!browsing && !answered ? 'keys-hint' : undefined}
            onPointerDown={() => {
              lastPointer.current = Date.now();
            }}
          >
            <legend className="question__text" lang={contentLang} data-question-text>
              {question.text}
            </legend>
            {question.answers.map((option) => {
              const checked = answered ? slot?.answer === option.value : selected === option.value;
              const isRight = (answered || browsing) && correctValue === option.value;
              const isMine = answered && slot?.answer === option.value;
              return (
                <label
                  key={option.value}
                  className={optionClass(
                    option.value,
                    slot,
                    browsing ? correctValue : answered ? correctValue : undefined,
                  )}
                  data-answer={option.value}
                >
                  <input
                    id={`answer-${option.value}`}
                    type="radio"
                    name={`question-${question.id}`}
                    value={option.value}
                    checked={checked}
                    onChange={() => choose(option.value, Date.now() - lastPointer.current < 600)}
                  />
                  <span className="answer__number" aria-hidden="true">
                    {option.value}
                  </span>
                  <span className="answer__text" lang={contentLang}>
                    {option.text}
                  </span>
                  {(isMine || isRight) && (
                    <span className="answer__tags">
                      {isMine && <span className="tag">{texts['exam.yourAnswer']}</span>}
                      {isRight && <span className="tag tag--right">✓ {texts['exam.correctAnswer']}</span>}
                      {isMine && slot?.correct === false && (
                        <span className="tag tag--wrong">✗ {texts['exam.state.wrong']}</span>
                      )}
                    </span>
                  )}
                </label>
              );
            })}
          </fieldset>

          {waiting && (
            <p className="feedback feedback--unsent" data-feedback="unsent">
              {texts['exam.feedback.unsent']}
            </p>
          )}
          {(answered || browsing) && !waiting && feedbackState !== 'unanswered' && (
            <p className={`feedback feedback--${feedbackState}`} data-feedback={feedbackState}>
              {feedbackText(
                texts,
                feedbackState === 'correct'
                  ? { kind: 'correct' }
                  : feedbackState === 'wrong'
                    ? { kind: 'wrong', correctValue: correctValue ?? null }
                    : { kind: centre ? 'locked' : 'saved' },
              )}
            </p>
          )}
          {browsing && feedbackState === 'unanswered' && (
            <p className="feedback feedback--wrong" data-feedback="unanswered">
              {texts['exam.feedback.unanswered']}
            </p>
          )}
          {showComment &&
            (answered || browsing ? (
              <div className="comment" data-comment>
                <h3>{texts['exam.comment']}</h3>
                <p lang={contentLang}>{question.comment}</p>
                {citation}
              </div>
            ) : (
              <details className="comment" data-comment>
                <summary>{texts['exam.commentBefore']}</summary>
                <p lang={contentLang}>{question.comment}</p>
                {citation}
              </details>
            ))}

          {/* Always there, so the message is announced when it appears (a polite live region). */}
          <div className="runner__unsent" role="status" data-unsent-status>
            {!browsing && unsent.length > 0 && (
              <p className="notice notice--warn" data-unsent-notice>
                {texts['exam.network.unsent']}
              </p>
            )}
          </div>

          <div className="row question__actions">
            {(browsing || centre) && (
              <button
                className="btn btn--secondary"
                type="button"
                onClick={() => goPrevious()}
                disabled={index === 0}
                data-previous
              >
                {texts['exam.previous']}
              </button>
            )}
            {!browsing && !answered && (
              <button
                className="btn btn--primary"
                type="button"
                disabled={selected === null || pending}
                aria-busy={pending}
                onClick={() => selected !== null && void answer(selected)}
                data-submit
              >
                {confirming ? texts['exam.confirm'] : texts['exam.answer']}
              </button>
            )}
            {(browsing || hasNext || answered) && (
              <button
                ref={nextButton}
                className={`btn ${answered || browsing ? 'btn--primary' : 'btn--secondary'}`}
                type="button"
                onClick={next}
                disabled={pending}
                data-next
                data-skip={centre && !answered ? '' : undefined}
              >
                {browsing && !hasNext
                  ? texts['exam.result.back']
                  : !hasNext && summary.unanswered === 0
                    ? texts['exam.finish']
                    : centre && !answered
                      ? texts['exam.centre.skip']
                      : texts['exam.next']}
              </button>
            )}
          </div>
          {!browsing && (
            <p id="keys-hint" className="muted keys-hint">
              {centre ? texts['exam.centre.keysHint'] : texts['exam.keysHint']}
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
