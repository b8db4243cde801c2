// The offline training page's island: the learner's downloaded packs, a training of N random
// questions from one, run by the tests' runner through offlineBackend, and the sync status. It needs
// no API call to render or train: the learner comes from the device (./learner) when the profile
// call cannot answer, the packs from IndexedDB.
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $authStatus } from '../../client/auth';
import { useHydrated } from '../../client/use-hydrated';
import { formatDate } from '../../i18n/format';
import { locales, type Locale } from '../../i18n/locales';
import { interpolate, type Texts } from '../../i18n/interpolate';
import { beginExamination, openLocalRun, resetExam } from '../exam/store';
import TestRunner from '../exam/TestRunner';
import { createOfflineRun, offlineBackend, pickQuestions } from './backend';
import { offlineLearner } from './learner';
import { $packs, loadPacks } from './packs';
import type { StoredPack } from './queue';
import SyncStatus from './SyncStatus';
import { refreshSyncState, startOfflineSync, syncAfterAnswer } from './sync';

interface Props {
  locale: Locale;
  texts: Texts;
  catalogueUrl: string;
}

const COUNTS = [10, 20, 30, 40];
/** The counts offered for a pack: the usual ones it can fill, and all of it. */
export function countsFor(size: number): number[] {
  return [...new Set([...COUNTS.filter((n) => n < size), size])];
}

function PackCard({ texts, pack, onStart }: { texts: Texts; pack: StoredPack; onStart: (count: number) => void }) {
  const size = pack.pack.questions.length;
  const counts = countsFor(size);
  const [count, setCount] = useState(Math.min(20, size));
  const id = `offline-count-${pack.key.replaceAll(':', '-')}`;
  return (
    <li className="card" data-offline-pack={pack.qualification} data-pack-language={pack.language}>
      <h3>{pack.pack.qualification.name}</h3>
      <p className="muted">
        {interpolate(texts['offline.pack.facts'], {
          language: locales[pack.language].name,
          count: size,
          date: formatDate(pack.saved_at),
        })}
      </p>
      {pack.pack.left_out > 0 && (
        <p className="muted">{interpolate(texts['offline.pack.leftOut'], { count: pack.pack.left_out })}</p>
      )}
      {pack.stale && (
        <p className="offline-pack__stale" data-pack-stale>
          {texts['offline.pack.stale']}
        </p>
      )}
      <div className="row">
        <div className="field">
          <label htmlFor={id}>{texts['offline.count']}</label>
          <select
            id={id}
            className="select"
            value={count}
            onChange={(e) => setCount(Number(e.currentTarget.value))}
            data-offline-count
          >
            {counts.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <button
          className="btn btn--primary"
          type="button"
          disabled={!size}
          onClick={() => onStart(count)}
          data-offline-start
        >
          {texts['offline.start']}
        </button>
      </div>
    </li>
  );
}

function Notice({ locale, texts, kind }: { locale: Locale; texts: Texts; kind: 'noLearner' | 'none' }) {
  return (
    <section className="card" aria-labelledby="offline-notice-title" data-offline-notice={kind}>
      <h2 id="offline-notice-title">{texts[`offline.${kind}.title`]}</h2>
      <p>{texts[`offline.${kind}.text`]}</p>
      <a className="btn btn--primary" href={kind === 'noLearner' ? `/${locale}/auth` : `/${locale}/tests`}>
        {kind === 'noLearner' ? texts['offline.noLearner.link'] : texts['offline.toTests']}
      </a>
    </section>
  );
}

export default function OfflineTraining({ locale, texts, catalogueUrl }: Props) {
  const hydrated = useHydrated();
  const status = useStore($authStatus);
  const packs = useStore($packs);
  const [running, setRunning] = useState(false);
  const learner = hydrated ? offlineLearner() : null;

  useEffect(() => startOfflineSync(), []);
  // Once the session is known (or known to be unreachable), this device's learner's packs and queue.
  useEffect(() => {
    if (status === 'unknown') return;
    const id = offlineLearner()?.id ?? null;
    void loadPacks(id);
    void refreshSyncState(id);
  }, [status]);

  async function start(pack: StoredPack, count: number) {
    const run = createOfflineRun(pack, pickQuestions(pack.pack.questions, count), crypto.randomUUID());
    openLocalRun(run.demo.exam, offlineBackend(run, { answered: syncAfterAnswer }));
    if (await beginExamination()) setRunning(true);
  }

  let body: React.ReactNode;
  if (!hydrated || status === 'unknown' || (learner && packs === null)) {
    body = <p className="muted" aria-busy="true" data-offline-loading />;
  } else if (!learner) {
    body = <Notice locale={locale} texts={texts} kind="noLearner" />;
  } else if (running) {
    body = (
      <>
        <TestRunner locale={locale} texts={texts} offline catalogueUrl={catalogueUrl} />
        <div className="row">
          <button
            className="btn btn--secondary"
            type="button"
            onClick={() => {
              resetExam();
              setRunning(false);
            }}
            data-offline-other
          >
            {texts['offline.other']}
          </button>
        </div>
      </>
    );
  } else if (!packs?.length) {
    body = <Notice locale={locale} texts={texts} kind="none" />;
  } else {
    body = (
      <section aria-labelledby="offline-packs-title">
        <h2 id="offline-packs-title">{texts['offline.packs.title']}</h2>
        <ul className="offline-packs">
          {packs.map((pack) => (
            <PackCard key={pack.key} texts={texts} pack={pack} onStart={(count) => void start(pack, count)} />
          ))}
        </ul>
      </section>
    );
  }

  return (
    <div className="offline" data-offline-page>
      {learner && <SyncStatus locale={locale} texts={texts} />}
      {body}
    </div>
  );
}
