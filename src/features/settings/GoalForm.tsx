// The learner's exam date and minutes per day (issue 21), saved to the server. Visitors do not see it.
// The store checks and saves; this form renders its state.
import { useStore } from '@nanostores/react';
import { useId, useState, type SubmitEvent } from 'react';
import NumberInput from '../../components/NumberInput';
import { $authStatus } from '../../client/auth';
import { normalizeNumberInput } from '../../client/number-input';
import { useHydrated } from '../../client/use-hydrated';
import { interpolate, type Texts } from '../../i18n/interpolate';
import { MINUTES_PER_DAY, type StudyGoal } from '../../shared/api/readiness';
import { examDateWindow } from '../../shared/study-goal';
import { almatyDate } from '../../shared/time';
import {
  $goalSave,
  $studyGoal,
  $studyGoalLoadError,
  editStudyGoal,
  loadStudyGoal,
  saveStudyGoal,
  type GoalSaveState,
} from './goal-store';

interface Props {
  texts: Texts;
}

const minutesBounds = { min: MINUTES_PER_DAY.min, max: MINUTES_PER_DAY.max };

function saveMessage(texts: Texts, state: GoalSaveState): string {
  if (state.status === 'unreadable') return texts['goal.problem.date']!;
  if (state.status === 'failed')
    return state.desc ? `${texts['goal.saveError']} ${state.desc}` : texts['goal.network']!;
  return '';
}

function GoalFields({ texts, goal }: Props & { goal: StudyGoal }) {
  const ids = useId();
  const save = useStore($goalSave);
  const [date, setDate] = useState(goal.exam_date ?? '');
  const { min, max } = examDateWindow(almatyDate(Date.now()));
  const error = saveMessage(texts, save);
  const dateWrong = save.status === 'unreadable';
  const saving = save.status === 'saving';

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read the fields as they are now: Enter in the minutes field commits it in the same event.
    const form = new FormData(event.currentTarget);
    const minutes = normalizeNumberInput(String(form.get('minutes_per_day') ?? ''), minutesBounds);
    const day = String(form.get('exam_date') ?? '');
    // A half-typed date reads as '' like a cleared one: saving it would silently drop the date.
    const field = event.currentTarget.elements.namedItem('exam_date') as HTMLInputElement | null;
    if (field?.validity.badInput) return void saveStudyGoal(null);
    void saveStudyGoal({ exam_date: day || null, minutes_per_day: minutes ?? MINUTES_PER_DAY.default });
  }

  return (
    <form
      className="card settings goal"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${ids}-title`}
      aria-describedby={error ? `${ids}-error` : undefined}
      data-goal-form
    >
      <h2 id={`${ids}-title`}>{texts['goal.title']}</h2>
      <p className="muted">{texts['goal.text']}</p>
      <div className="field">
        <label htmlFor={`${ids}-date`}>{texts['goal.examDate']}</label>
        <div className="goal__date">
          <input
            id={`${ids}-date`}
            className="input"
            type="date"
            name="exam_date"
            min={min}
            max={max}
            value={date}
            aria-invalid={dateWrong}
            aria-describedby={`${ids}-date-hint`}
            onChange={(e) => {
              setDate(e.target.value);
              editStudyGoal();
            }}
            data-goal-date
          />
          <button
            className="btn btn--secondary"
            type="button"
            disabled={!date}
            onClick={() => {
              setDate('');
              editStudyGoal();
            }}
            data-goal-clear
          >
            {texts['goal.clearDate']}
          </button>
        </div>
        <p id={`${ids}-date-hint`} className="muted field__hint">
          {texts['goal.examDateHint']}
        </p>
      </div>
      <div className="field" data-goal-minutes>
        <NumberInput
          label={texts['goal.minutes']!}
          name="minutes_per_day"
          value={goal.minutes_per_day}
          {...minutesBounds}
          increaseLabel={texts['goal.increase']!}
          decreaseLabel={texts['goal.decrease']!}
          onChange={() => editStudyGoal()}
        />
        <p className="muted field__hint">{interpolate(texts['goal.minutesHint'], minutesBounds)}</p>
      </div>
      {error && (
        <p id={`${ids}-error`} className="form-error" role="alert" data-goal-error>
          {error}
        </p>
      )}
      <div className="row">
        <button className="btn btn--primary" type="submit" disabled={saving} aria-busy={saving} data-goal-save>
          {saving ? texts['goal.saving'] : texts['goal.save']}
        </button>
        <span className="muted" role="status" data-goal-status>
          {save.status === 'saved' ? texts['goal.saved'] : ''}
        </span>
      </div>
    </form>
  );
}

export default function GoalForm({ texts }: Props) {
  const status = useStore($authStatus);
  // Subscribing asks for the goal when the page call has not brought it (goal-store.ts).
  const goal = useStore($studyGoal);
  const loadError = useStore($studyGoalLoadError);
  const hydrated = useHydrated();
  if (!hydrated || status !== 'authenticated') return null;
  if (!goal)
    return (
      <section className="card settings goal" aria-busy={loadError === null} data-goal-form>
        <h2>{texts['goal.title']}</h2>
        {loadError === null ? (
          <p role="status">{texts['goal.loading']}</p>
        ) : (
          <>
            <p className="form-error" role="alert">
              {loadError ? `${texts['goal.loadError']} ${loadError}` : texts['goal.loadError']}
            </p>
            <button className="btn btn--secondary" type="button" onClick={() => void loadStudyGoal()}>
              {texts['goal.retry']}
            </button>
          </>
        )}
      </section>
    );
  // The fields start from the goal once; what they hold after a save is what was saved.
  return <GoalFields texts={texts} goal={goal} />;
}
