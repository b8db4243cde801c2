// The tests page's dialog for a test left unfinished: continue it or start anew.
import { useModalDialog } from '../../client/use-modal-dialog';
import { formatDateTime } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { interpolate, plural, type Texts } from '../../i18n/interpolate';
import type { TestKind } from './choice-store';
import { modeLabel, verdictsWithheld } from './protocol';
import type { ExamListItem } from './types';

function dialogText(texts: Texts, locale: Locale, kind: TestKind, item: ExamListItem): string {
  const date = item.started_at ? formatDateTime(item.started_at) : '';
  // A centre exam's answers are not counted until its end (the list sends 0): no count to give.
  if (verdictsWithheld(item))
    return interpolate(texts['tests.dialog.textCentre'], { mode: modeLabel(texts, item), date });
  return interpolate(texts['tests.dialog.text'], {
    mode: texts[`tests.kind.${kind}`] ?? kind,
    date,
    answered: plural(texts, locale, 'tests.answered', item.correct + item.mistakes, { total: item.question_count }),
  });
}

export default function ModeDialog({
  locale,
  texts,
  open,
  kind,
  item,
  pending,
  onContinue,
  onRestart,
  onClose,
}: {
  locale: Locale;
  texts: Texts;
  open: boolean;
  kind: TestKind | null;
  item: ExamListItem | undefined;
  pending: boolean;
  onContinue: () => void;
  onRestart: () => void;
  onClose: () => void;
}) {
  const { ref } = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="mode-title"
      aria-describedby="mode-text"
      onClose={onClose}
      data-mode-dialog
    >
      <h3 id="mode-title">{texts['tests.dialog.title']}</h3>
      <p id="mode-text">{item && kind && dialogText(texts, locale, kind, item)}</p>
      <div className="row row--end">
        <button className="btn btn--secondary" type="button" onClick={onClose}>
          {texts['tests.dialog.close']}
        </button>
        <button className="btn btn--secondary" type="button" onClick={onRestart} disabled={pending} data-restart>
          {texts['tests.dialog.restart']}
        </button>
        <button
          className="btn btn--primary"
          type="button"
          onClick={onContinue}
          disabled={pending}
          autoFocus
          data-continue
        >
          {texts['tests.dialog.continue']}
        </button>
      </div>
    </dialog>
  );
}
