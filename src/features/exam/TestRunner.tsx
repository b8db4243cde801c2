// The test runner island (/tests/{id} and the demo at /tests/demo): start card, questions, finish
// dialog, result and browsing the result. State and calls live in ./store; this only renders.
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { $authStatus } from '../../client/auth';
import { showErrorToast } from '../../client/toasts';
import { useModalDialog } from '../../client/use-modal-dialog';
import { useHydrated } from '../../client/use-hydrated';
import type { Locale } from '../../i18n/locales';
import { plural, type Texts } from '../../i18n/interpolate';
import { $testSettings, testLanguage } from '../settings/store';
import { summarize } from './logic';
import QuestionScreen from './QuestionScreen';
import ResultCard from './ResultCard';
import StartCard from './StartCard';
import {
  $browsing,
  $examError,
  $examFailure,
  $examination,
  $localStatus,
  $pending,
  $result,
  $testPageActive,
  $unsent,
  beginExamination,
  beginTest,
  finishExamination,
  leaveTestPage,
  openDemo,
  openExamination,
  setBrowsing,
  setNavVisible,
} from './store';

/** The question list starts open where it sits beside the question, closed on narrow screens. */
const wide = () => typeof matchMedia === 'undefined' || matchMedia('(min-width: 900px)').matches;
/** The demo's Repeat: its questions again, a new clock. */
function repeat() {
  beginTest();
  setNavVisible(wide());
}
/** Begin or Continue: the server starts the clock of a test not yet begun. */
async function begin() {
  if (await beginExamination()) setNavVisible(wide());
}

interface Props {
  locale: Locale;
  texts: Texts;
  /** The test's id; absent for the demo. */
  examId?: number;
  demo?: boolean;
  /** An offline training (features/offline): its page opens the run; no session or network needed. */
  offline?: boolean;
  catalogueUrl: string;
}

function FinishDialog({
  locale,
  texts,
  open,
  unanswered,
  pending,
  unsent,
  onClose,
  onFinish,
}: {
  locale: Locale;
  texts: Texts;
  open: boolean;
  unanswered: number;
  pending: boolean;
  /** Answers still on their way to the server: the test is judged only once they have landed. */
  unsent: boolean;
  onClose: () => void;
  onFinish: (status: 'done' | 'cancelled') => void;
}) {
  const { ref, returnFocus } = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="finish-title"
      aria-describedby="finish-text"
      data-finish-dialog
      onClose={() => {
        onClose();
        returnFocus();
      }}
    >
      <h3 id="finish-title">{texts['exam.finishDialog.title']}</h3>
      <p id="finish-text">{plural(texts, locale, 'exam.finishDialog.text', unanswered)}</p>
      {unsent && (
        <p className="notice notice--warn" role="status" data-finish-unsent>
          {texts['exam.finishDialog.unsent']}
        </p>
      )}
      <div className="row row--end">
        <button className="btn btn--secondary" type="button" onClick={onClose} autoFocus>
          {texts['exam.finishDialog.back']}
        </button>
        <button
          className="btn btn--danger"
          type="button"
          disabled={pending || unsent}
          onClick={() => onFinish('cancelled')}
          data-cancel-test
        >
          {texts['exam.finishDialog.cancel']}
        </button>
        <button
          className="btn btn--primary"
          type="button"
          disabled={pending || unsent}
          aria-busy={pending}
          onClick={() => onFinish('done')}
          data-confirm-finish
        >
          {texts['exam.finishDialog.finish']}
        </button>
      </div>
    </dialog>
  );
}

function Notice({ title, text, children }: { title: string; text?: string | undefined; children?: React.ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="card runner-notice" aria-labelledby="runner-notice-title" data-runner-notice>
      <h2 id="runner-notice-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {text && <p>{text}</p>}
      <div className="row">{children}</div>
    </section>
  );
}

export default function TestRunner({ locale, texts, examId, demo = false, offline = false, catalogueUrl }: Props) {
  const status = useStore($authStatus);
  const exam = useStore($examination);
  const result = useStore($result);
  const localStatus = useStore($localStatus);
  const loadError = useStore($examError);
  const pending = useStore($pending);
  const browsing = useStore($browsing);
  const testPageActive = useStore($testPageActive);
  const unsent = useStore($unsent);
  const settings = useStore($testSettings);
  const [finishing, setFinishing] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const language = testLanguage(settings, locale);
  const hydrated = useHydrated();

  // A failed call is the store's state; this is where the learner is told (the spec's error toast).
  useEffect(
    () =>
      $examFailure.listen((failure) => {
        if (failure) showErrorToast(texts['exam.error']!, failure.desc || texts['exam.networkError']!);
      }),
    [texts],
  );

  // Load once we know who is here (the learner's settings decide the test language).
  useEffect(() => {
    if (status === 'unknown') return;
    if (demo) void openDemo(language);
    else if (!offline && status === 'authenticated' && examId) void openExamination(examId, language);
    return () => leaveTestPage();
    // The language is read when the test opens; the settings page changes it between tests.
  }, [status, examId, demo]);

  // The same text twice must still be announced: clear, then set on the next frame.
  const announce = useCallback((text: string) => {
    setAnnouncement('');
    requestAnimationFrame(() => setAnnouncement(text));
  }, []);

  async function finish(how: 'done' | 'cancelled') {
    const ended = await finishExamination(how);
    if (ended) setFinishing(false);
  }

  const shown = result ?? exam;
  const ended = !!shown && (shown.status !== 'process' || localStatus === 'finish');

  let body: React.ReactNode;
  if (!hydrated) {
    body = (
      <StartCard
        locale={locale}
        texts={texts}
        exam={null}
        demo={demo}
        catalogueUrl={catalogueUrl}
        onBegin={() => undefined}
      />
    );
  } else if (!demo && !offline && status === 'anonymous') {
    body = (
      <Notice title={texts['exam.signIn.title']!} text={texts['exam.signIn.text']}>
        <a className="btn btn--primary" href={`/${locale}/auth`}>
          {texts['exam.signIn.link']}
        </a>
        <a className="btn btn--secondary" href={`/${locale}/tests/demo`}>
          {texts['exam.signIn.demo']}
        </a>
      </Notice>
    );
  } else if (!exam && localStatus === 'error' && loadError) {
    body = (
      <Notice title={texts['exam.loadError']!} text={loadError.desc || texts['exam.networkError']}>
        <a className="btn btn--primary" href={`/${locale}/tests`}>
          {texts['exam.backToTests']}
        </a>
      </Notice>
    );
  } else if (!exam || pending.test) {
    body = (
      <StartCard
        locale={locale}
        texts={texts}
        exam={null}
        demo={demo}
        catalogueUrl={catalogueUrl}
        onBegin={() => undefined}
      />
    );
  } else if (ended && shown && !browsing) {
    body = (
      <ResultCard
        locale={locale}
        texts={texts}
        exam={shown}
        demo={demo}
        catalogueUrl={catalogueUrl}
        onBrowse={() => {
          setBrowsing(true);
          setNavVisible(wide());
        }}
        onRepeat={repeat}
      />
    );
  } else if (ended && shown) {
    body = (
      <QuestionScreen
        locale={locale}
        texts={texts}
        exam={shown}
        settings={settings}
        demo={demo}
        offline={offline}
        browsing
        onFinish={() => undefined}
        announce={announce}
      />
    );
  } else if (!testPageActive) {
    body = (
      <StartCard
        locale={locale}
        texts={texts}
        exam={exam}
        demo={demo}
        catalogueUrl={catalogueUrl}
        onBegin={() => void begin()}
        beginning={pending.process}
      />
    );
  } else {
    body = (
      <QuestionScreen
        locale={locale}
        texts={texts}
        exam={exam}
        settings={settings}
        demo={demo}
        offline={offline}
        browsing={false}
        onFinish={() => setFinishing(true)}
        announce={announce}
      />
    );
  }

  return (
    <div className="test-runner" data-test-runner={demo ? 'demo' : offline ? 'offline' : 'exam'}>
      {body}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-announcer>
        {announcement}
      </p>
      {hydrated && exam && !ended && (
        <FinishDialog
          locale={locale}
          texts={texts}
          open={finishing}
          unanswered={summarize(exam).unanswered}
          pending={pending.finish}
          unsent={unsent.length > 0}
          onClose={() => setFinishing(false)}
          onFinish={(how) => void finish(how)}
        />
      )}
    </div>
  );
}
