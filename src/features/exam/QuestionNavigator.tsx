// The question list beside (or, on narrow screens, above) the question: each number with its state,
// the current one marked; choosing one goes there. At the exam centre only answered or not (issue 25).
import type { Texts } from '../../i18n/interpolate';
import type { SlotState } from './logic';
import { navState } from './protocol';
import { goToQuestion, setNavVisible } from './store';
import type { Examination } from './types';

const MARK: Record<SlotState, string> = { unanswered: '', correct: '✓', wrong: '✗', answered: '•' };
const NONE: ReadonlySet<number> = new Set();

function stateText(texts: Texts, state: SlotState): string {
  return texts[`exam.state.${state}`] ?? state;
}

/** The list sits above the question on narrow screens: choosing a number closes it there and brings the question into view. */
function showQuestion(index: number) {
  goToQuestion(index);
  const narrow = typeof matchMedia !== 'undefined' && !matchMedia('(min-width: 900px)').matches;
  if (narrow) setNavVisible(false);
  requestAnimationFrame(() => document.querySelector('section.question')?.scrollIntoView({ block: 'start' }));
}

export default function QuestionNavigator({
  texts,
  exam,
  current,
  visible,
  withheld = false,
  unsent = NONE,
}: {
  texts: Texts;
  exam: Examination;
  current: number;
  visible: boolean;
  /** An exam run as at the exam centre: answered or not, never right or wrong (issue 25). */
  withheld?: boolean;
  /** Slots whose answer the network has not taken yet: shown as such, not as saved. */
  unsent?: ReadonlySet<number>;
}) {
  const choose = showQuestion;
  return (
    <nav className="qnav" id="question-nav" aria-label={texts['exam.nav.label']} hidden={!visible}>
      <ol className="qnav__list">
        {exam.questions.map((q, i) => {
          const slot = exam.answers.find((a) => a.question === q.id) ?? exam.answers[i];
          const state = navState(slot, withheld);
          const waiting = !!slot && unsent.has(slot.id);
          return (
            <li key={q.id}>
              <button
                type="button"
                className={`qnav__item qnav__item--${state}`}
                aria-current={i === current ? 'step' : undefined}
                onClick={() => choose(i)}
                data-question-nav={i + 1}
                data-state={state}
                data-unsent={waiting || undefined}
              >
                <span>{q.number}</span>
                {(waiting || MARK[state]) && (
                  <span className="qnav__mark" aria-hidden="true">
                    {waiting ? '…' : MARK[state]}
                  </span>
                )}
                <span className="visually-hidden">{`, ${waiting ? texts['exam.state.unsent'] : stateText(texts, state)}`}</span>
              </button>
            </li>
          );
        })}
      </ol>
      <p className="qnav__legend muted" aria-hidden="true" data-legend={withheld ? 'answered' : 'verdicts'}>
        {withheld ? (
          <span>
            {MARK.answered} {texts['exam.state.answered']}
          </span>
        ) : (
          <>
            <span>✓ {texts['exam.state.correct']}</span> <span>✗ {texts['exam.state.wrong']}</span>
          </>
        )}
      </p>
    </nav>
  );
}
