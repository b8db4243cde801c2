// The tests page island: for visitors and learners without test access, 'Try free' and 'Buy'; for
// learners, the qualification (with its access end), the main tests, the themes test, retaking
// incorrect answers, and the dialog that offers to continue an unfinished test or start anew.
import { useStore } from '@nanostores/react';
import { navigate } from 'astro:transitions/client';
import { useEffect, useRef, useState } from 'react';
import type { ApiRequestError } from '../../client/api';
import { $authStatus, $user } from '../../client/auth';
import { hintHas, rememberEnded } from '../../client/shell-hint';
import { useHydrated } from '../../client/use-hydrated';
import { formatDate } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { interpolate, plural, type Texts } from '../../i18n/interpolate';
import { $examError, $localStatus, $pending } from './runner-state';
import { startTest } from './start';
import FamiliarityCard from './FamiliarityCard';
import ModeDialog from './ModeDialog';
import { $online } from './network';
import { $testsPageWaiting } from './tests-page';
import EndedAccesses, { endedAccesses } from '../home/EndedAccesses';
import {
  $accesses,
  $qualifications,
  $selectedQualification,
  $testAccesses,
  $themes,
  selectQualification,
} from '../home/store';
import { $testSettings, testLanguage } from '../settings/store';
import { protocolOf } from './protocol';
import PlanBlock from '../readiness/PlanBlock';
import { $planWaiting, $selectedPlan } from '../readiness/plan-store';
import { $statistics, statisticsOf } from '../statistics/store';
import {
  $unfinished,
  checkedThemeIds,
  flattenQualifications,
  setThemesChecked,
  startRequest,
  unfinishedOf,
  type TestKind,
} from './choice-store';

interface Props {
  locale: Locale;
  texts: Texts;
  catalogueUrl: string;
}
type Notice = { kind: 'noData' | 'error'; desc: string } | null;

/**
 * What the page shows until it knows who is here: the visitor's card, the learner's panel (its real
 * headings and texts, skeleton lines where the learner's data goes) and the ended-access card, each
 * the size of what replaces it. CSS picks one from <html data-hint> before any script runs (see
 * client/shell-hint.ts); once hydrated, `shape` names it outright.
 */
function Placeholder({
  locale,
  texts,
  catalogueUrl,
  learner,
  shape,
}: Props & { learner: React.ReactNode; shape: 'visitor' | 'learner' | 'ended' | null }) {
  return (
    <div
      className={`tests-placeholder${shape ? ` tests-placeholder--${shape}` : ''}`}
      role="status"
      aria-busy="true"
      aria-label={texts['tests.loading']}
      data-tests-placeholder
    >
      <div className="tests-placeholder__learner" aria-hidden="true" inert>
        {learner}
      </div>
      <div className="tests-placeholder__visitor" aria-hidden="true" inert>
        <section className="card ended tests-placeholder__ended">
          <h2>{texts['ended.title']}</h2>
          <ul className="ended__list">
            {[1, 2, 3].map((n) => (
              <li key={n} className={`tests-placeholder__ended-${n}`}>
                <span className="skeleton skeleton--inline" />
              </li>
            ))}
          </ul>
          <p>{texts['ended.text']}</p>
          <span className="btn btn--primary">{texts['ended.renew']}</span>
        </section>
        <TryOrBuy locale={locale} texts={texts} catalogueUrl={catalogueUrl} />
      </div>
    </div>
  );
}

export function TryOrBuy({ locale, texts, catalogueUrl }: Props) {
  return (
    <section className="card tests-try" aria-labelledby="tests-try-title" data-tests-try>
      <h2 id="tests-try-title">{texts['tests.try.title']}</h2>
      <p>{texts['tests.try.text']}</p>
      <div className="row">
        <a className="btn btn--primary" href={`/${locale}/tests/demo`} data-try-free>
          {texts['tests.try.free']}
        </a>
        <a className="btn btn--secondary" href={catalogueUrl} target="_blank" rel="noopener" data-buy>
          {texts['tests.try.buy']}
        </a>
      </div>
    </section>
  );
}

export default function TestsPanel({ locale, texts, catalogueUrl }: Props) {
  const status = useStore($authStatus);
  const storesWaiting = useStore($testsPageWaiting);
  const accesses = useStore($accesses);
  const tests = useStore($testAccesses);
  const qualifications = useStore($qualifications);
  const selected = useStore($selectedQualification);
  const themes = useStore($themes);
  const unfinished = useStore($unfinished);
  const settings = useStore($testSettings);
  const online = useStore($online);
  const examError = useStore($examError);
  const examStatus = useStore($localStatus);
  const examPending = useStore($pending);
  const statistics = useStore($statistics);
  // Subscribing asks for the plan when the page call has not brought this one (plan-store.ts).
  useStore($planWaiting);
  const plan = useStore($selectedPlan);
  const [notice, setNotice] = useState<Notice>(null);
  const [dialogKind, setDialogKind] = useState<TestKind | null>(null);
  const [themesOpen, setThemesOpen] = useState(false);
  const [starting, setStarting] = useState<TestKind | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();

  useEffect(() => {
    if (notice || examError) noticeRef.current?.focus();
  }, [notice, examError]);

  // The next visit's placeholder takes the shape this learner's page has (see client/shell-hint.ts).
  const endedTests = endedAccesses(accesses).filter((a) => a.type === 'test');
  useEffect(() => {
    if (status === 'authenticated' && accesses !== null) rememberEnded(tests.length ? 0 : endedTests.length);
  }, [status, accesses, tests.length, endedTests.length]);

  const waiting = !hydrated || storesWaiting;
  // A visitor's page is final as soon as we know it is a visitor (it was prerendered that way).
  if (hydrated && status === 'anonymous') return <TryOrBuy locale={locale} texts={texts} catalogueUrl={catalogueUrl} />;
  if (!waiting && !tests.length) {
    // A learner whose test access ended hears that (and when) before the visitor's offer.
    const ended = endedTests;
    if (!ended.length) return <TryOrBuy locale={locale} texts={texts} catalogueUrl={catalogueUrl} />;
    return (
      <div className="tests-ended">
        <EndedAccesses texts={texts} ended={ended} catalogueUrl={catalogueUrl} />
        <TryOrBuy locale={locale} texts={texts} catalogueUrl={catalogueUrl} />
      </div>
    );
  }

  // The placeholder is the panel without the learner's data: the same markup as the server rendered,
  // whatever the stores hold already (hydration must match it).
  const options = waiting ? [] : flattenQualifications(qualifications);
  const current = options.find((q) => q.id === selected);
  const accessEnd = waiting
    ? null
    : (current?.date_end ?? tests.find((a) => a.target.id === selected)?.date_end ?? null);
  const checked = waiting ? [] : checkedThemeIds(themes);
  const allChecked = !waiting && !!themes?.length && checked.length === themes.length;
  const accessError = !waiting && examStatus === 'error' && examError?.status === 403 ? examError : null;

  async function start(kind: TestKind, resume: boolean) {
    if (selected === null) return;
    setNotice(null);
    setStarting(kind);
    try {
      const exam = await startTest(
        startRequest(kind, {
          qualification: selected,
          language: testLanguage(settings, locale),
          continue: resume,
          themes: checked,
          commentsBefore: settings.showComments && settings.commentsBefore,
          protocol: protocolOf(settings),
        }),
      );
      setDialogKind(null);
      await navigate(`/${locale}/tests/${exam.id}`);
    } catch (error) {
      const e = error as ApiRequestError;
      setDialogKind(null);
      // 403 is the store's access error; 400 means there is nothing to ask yet (no favourites, no mistakes…).
      if (e.status === 400) setNotice({ kind: 'noData', desc: e.desc });
      else if (e.status !== 403) setNotice({ kind: 'error', desc: e.status ? e.desc : texts['tests.networkError']! });
    } finally {
      setStarting(null);
    }
  }

  function choose(kind: TestKind) {
    if (unfinishedOf(unfinished, kind)) setDialogKind(kind);
    // Nothing unfinished that we know of: resuming is the safe choice if another tab started one meanwhile.
    else void start(kind, true);
  }

  const busy = waiting || starting !== null || examPending.test;
  // The mock exam needs the network (it is marked on the server): its Start waits for the connection.
  const examOffline = !waiting && !online;
  const line = <span className="skeleton skeleton--inline" />;
  const button = (kind: TestKind, extra?: React.ReactNode) => (
    <div className="card tests-action" data-test-kind={kind}>
      <h3 id={`kind-${kind}`}>{texts[`tests.kind.${kind}`]}</h3>
      <p className="muted">
        {kind === 'exam' && waiting
          ? line
          : kind === 'exam' && current
            ? [
                plural(texts, locale, 'tests.questions', current.exam.questions),
                plural(texts, locale, 'tests.minutes', current.exam.minutes),
                plural(texts, locale, 'tests.mistakes', current.exam.allowed_mistakes),
              ].join(' · ')
            : texts[`tests.kind.${kind}Text`]}
      </p>
      {kind === 'exam' && (
        <p className="muted" data-needs-network>
          {texts['exam.network.needed']}
        </p>
      )}
      {kind === 'exam' && examOffline && (
        <p className="notice notice--error" role="status" data-offline>
          {texts['exam.network.offline']}
        </p>
      )}
      {extra ?? (
        <button
          className="btn btn--primary"
          type="button"
          disabled={busy || (kind === 'exam' && examOffline)}
          aria-busy={starting === kind}
          aria-describedby={`kind-${kind}`}
          onClick={() => choose(kind)}
          data-start={kind}
        >
          {starting === kind ? texts['tests.starting'] : texts['tests.start']}
        </button>
      )}
    </div>
  );

  const panel = (
    <div className="tests-panel">
      <section className="card tests-qual" aria-label={texts['tests.qualification']}>
        {options.length > 1 ? (
          <div className="field">
            <label htmlFor="tests-qualification">{texts['tests.qualification']}</label>
            <select
              id="tests-qualification"
              className="select"
              value={selected ?? ''}
              data-qualification-select
              onChange={(e) => {
                setNotice(null);
                void selectQualification(Number(e.target.value));
              }}
            >
              {options.map((q) => (
                <option key={q.id} value={q.id}>
                  {q.depth ? `— ${q.name}` : q.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <h2 className="tests-qual__name">{waiting ? line : current?.name}</h2>
        )}
        {waiting && <p className="muted">{line}</p>}
        {accessEnd && (
          <p className="muted" data-access-ends>
            {interpolate(texts['tests.accessEnds'], { date: formatDate(accessEnd) })}
          </p>
        )}
      </section>

      <PlanBlock
        locale={locale}
        texts={texts}
        plan={waiting ? undefined : plan}
        title={texts['tests.kind.smart']!}
        lead={texts['tests.kind.smartText']}
        starting={starting === 'smart'}
        disabled={busy}
        onStart={() => choose('smart')}
      />

      <div ref={noticeRef} tabIndex={-1} className="tests-notices">
        {accessError && (
          <div className="notice notice--error" role="alert" data-access-error>
            <strong>{texts['tests.accessError']}</strong> {accessError.desc}
          </div>
        )}
        {notice && (
          <div
            className={`notice ${notice.kind === 'noData' ? 'notice--info' : 'notice--error'}`}
            role="alert"
            data-not-enough={notice.kind === 'noData' ? '' : undefined}
          >
            <strong>{notice.kind === 'noData' ? texts['tests.notEnough'] : texts['tests.startError']}</strong>{' '}
            {notice.desc}
          </div>
        )}
      </div>

      <h2 className="tests-panel__title">{texts['tests.main.title']}</h2>
      <div className="tests-grid">
        {button('train')}
        {button('exam')}
        {button('favorites')}
        {button(
          'themes',
          <button
            className="btn btn--primary"
            type="button"
            aria-expanded={themesOpen}
            aria-controls="tests-themes"
            onClick={() => setThemesOpen(!themesOpen)}
            data-themes-toggle
          >
            {texts['tests.themes.choose']}
          </button>,
        )}
        <div className="card tests-action">
          <h3>{texts['tests.stats']}</h3>
          <p className="muted">{texts['tests.statsText']}</p>
          <a className="btn btn--secondary" href={`/${locale}/stats`}>
            {texts['tests.stats']}
          </a>
        </div>
      </div>

      <section
        id="tests-themes"
        className="card tests-themes"
        hidden={!themesOpen}
        aria-labelledby="tests-themes-title"
      >
        <h2 id="tests-themes-title">{texts['tests.themes.title']}</h2>
        {waiting || themes === null ? (
          <p role="status">{texts['tests.themes.loading']}</p>
        ) : (
          <fieldset className="themes">
            <legend className="visually-hidden">{texts['tests.themes.title']}</legend>
            <label className="checkbox themes__all">
              <input
                type="checkbox"
                checked={allChecked}
                ref={(el) => {
                  if (el) el.indeterminate = !allChecked && checked.length > 0;
                }}
                onChange={(e) => setThemesChecked(null, e.target.checked)}
                data-themes-all
              />
              {texts['tests.themes.selectAll']}
            </label>
            <ul className="themes__list">
              {themes.map((theme) => (
                <li key={theme.id}>
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={theme.checked}
                      onChange={(e) => setThemesChecked([theme.id], e.target.checked)}
                      data-theme={theme.code}
                    />
                    {theme.name}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <div className="row">
          <button
            className="btn btn--primary"
            type="button"
            disabled={!checked.length || busy}
            aria-describedby="themes-count"
            onClick={() => choose('themes')}
            data-start="themes"
          >
            {starting === 'themes' ? texts['tests.starting'] : texts['tests.themes.begin']}
          </button>
          <span id="themes-count" className="muted">
            {plural(texts, locale, 'tests.themes.checked', checked.length)}
          </span>
        </div>
      </section>

      <FamiliarityCard texts={texts} stats={waiting ? undefined : statisticsOf(statistics, selected)} />

      <section className="card tests-incorrect" aria-labelledby="tests-incorrect-title">
        <h2 id="tests-incorrect-title">{texts['tests.kind.incorrect']}</h2>
        <p className="muted">{texts['tests.kind.incorrectText']}</p>
        <button
          className="btn btn--secondary"
          type="button"
          disabled={busy}
          onClick={() => choose('incorrect')}
          data-start="incorrect"
        >
          {starting === 'incorrect' ? texts['tests.starting'] : texts['tests.retake']}
        </button>
      </section>

      <ModeDialog
        locale={locale}
        texts={texts}
        open={dialogKind !== null}
        kind={dialogKind}
        item={dialogKind ? unfinishedOf(unfinished, dialogKind) : undefined}
        pending={busy}
        onClose={() => setDialogKind(null)}
        onContinue={() => dialogKind && void start(dialogKind, true)}
        onRestart={() => dialogKind && void start(dialogKind, false)}
      />
    </div>
  );
  if (!waiting) return panel;
  const user = status === 'authenticated' ? $user.get() : null;
  const shape = !hydrated || !user ? null : user.accesses.test ? 'learner' : hintHas('ended') ? 'ended' : 'visitor';
  return <Placeholder locale={locale} texts={texts} catalogueUrl={catalogueUrl} learner={panel} shape={shape} />;
}
