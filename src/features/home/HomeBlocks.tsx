import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { navigate } from 'astro:transitions/client';
import { $authStatus } from '../../client/auth';
import { useHydrated } from '../../client/use-hydrated';
import { formatDate } from '../../i18n/format';
import { interpolate, type Texts } from '../../i18n/interpolate';
import type { Locale } from '../../i18n/locales';
import { rememberEnded } from '../../client/shell-hint';
import EndedAccesses, { endedAccesses } from './EndedAccesses';
import { $homeWaiting } from './home-page';
import HomePlan from '../readiness/HomePlan';
import {
  $accesses,
  $autodromeAccesses,
  $courseAccess,
  $testAccesses,
  selectQualification,
  type AccessItem,
} from './store';

interface Props {
  locale: Locale;
  texts: Texts;
  catalogueUrl: string;
}

function Skeleton({ label }: { label: string }) {
  return (
    <div className="home-blocks" aria-busy="true" aria-label={label} role="status">
      {[0, 1, 2].map((i) => (
        <div className="card home-block" key={i}>
          <div className="skeleton skeleton--title" />
          <div className="skeleton skeleton--line" />
          <div className="skeleton skeleton--line skeleton--short" />
          <div className="skeleton skeleton--button" />
        </div>
      ))}
    </div>
  );
}

function Entry({
  access,
  texts,
  action,
  onAction,
}: {
  access: AccessItem;
  texts: Texts;
  action: string;
  onAction: () => void;
}) {
  return (
    <li className="home-entry">
      {access.target.picture && (
        <img className="home-entry__picture" src={access.target.picture} alt="" width="48" height="48" />
      )}
      <div className="home-entry__body">
        <strong>{access.target.name}</strong>
        <span className="muted">{interpolate(texts['home.accessEnds'], { date: formatDate(access.date_end) })}</span>
      </div>
      <button className="btn btn--primary" type="button" onClick={onAction}>
        {action}
      </button>
    </li>
  );
}

/** A block of purchases of one kind, each with its action; nothing when there are none. */
function AccessBlock({
  kind,
  prefix,
  action,
  items,
  texts,
  onAction,
}: {
  kind: string;
  prefix: 'home.tests' | 'home.autodrome';
  action: 'home.tests.start' | 'home.autodrome.go';
  items: AccessItem[];
  texts: Texts;
  onAction: (a: AccessItem) => void;
}) {
  if (!items.length) return null;
  return (
    <section className="card home-block" data-home-block={kind} aria-labelledby={`home-${kind}`}>
      <h2 id={`home-${kind}`}>{texts[`${prefix}.title`]}</h2>
      <p className="muted">{texts[`${prefix}.text`]}</p>
      <ul className="home-entries">
        {items.map((a) => (
          <Entry key={a.id} access={a} texts={texts} action={texts[action]!} onAction={() => onAction(a)} />
        ))}
      </ul>
    </section>
  );
}

export default function HomeBlocks({ locale, texts, catalogueUrl }: Props) {
  const status = useStore($authStatus);
  const accesses = useStore($accesses);
  const tests = useStore($testAccesses);
  const autodromes = useStore($autodromeAccesses);
  const course = useStore($courseAccess);
  // The server renders the skeleton; match it on the first render (also after a client-side navigation).
  const hydrated = useHydrated();

  // The tests page's placeholder takes this learner's shape next time (see client/shell-hint.ts).
  useEffect(() => {
    if (status !== 'authenticated' || accesses === null) return;
    rememberEnded(tests.length ? 0 : endedAccesses(accesses).filter((a) => a.type === 'test').length);
  }, [status, accesses, tests.length]);

  // Normally loaded at sign-in or start; subscribing starts the load when the page opened before that (home-page.ts).
  const storesWaiting = useStore($homeWaiting);

  const empty = (
    <div className="card home-empty" data-home-empty>
      <h2>{texts['home.empty.title']}</h2>
      <p>{texts['home.empty.text']}</p>
      <a className="btn btn--primary" href={catalogueUrl} target="_blank" rel="noopener">
        {texts['home.empty.link']}
      </a>
    </div>
  );
  const placeholder = (shape: 'learner' | 'visitor' | null) => (
    <div className={`home-placeholder${shape ? ` home-placeholder--${shape}` : ''}`}>
      <div className="home-placeholder__visitor">{empty}</div>
      <div className="home-placeholder__learner">
        {shape !== 'visitor' && <Skeleton label={texts['home.loading']!} />}
      </div>
    </div>
  );
  if (!hydrated || storesWaiting) {
    // Prerendered for everyone: a visitor's page is final at once (the empty card, painted from the
    // HTML); a signed-in visit (the inline hint) shows the skeleton instead, until its data arrives.
    const signedIn = hydrated && status !== 'anonymous' && status !== 'unknown';
    return placeholder(signedIn ? 'learner' : null);
  }
  if (!tests.length && !autodromes.length && !course) {
    const ended = endedAccesses(accesses);
    if (ended.length) return <EndedAccesses texts={texts} ended={ended} catalogueUrl={catalogueUrl} />;
    // The same elements as the placeholder's, so the card painted from the HTML is the one that stays.
    return placeholder('visitor');
  }
  return (
    <div className="home-blocks">
      <AccessBlock
        kind="test"
        prefix="home.tests"
        action="home.tests.start"
        items={tests}
        texts={texts}
        onAction={async (a) => {
          await selectQualification(a.target.id);
          await navigate(`/${locale}/tests`);
        }}
      />
      <AccessBlock
        kind="autodrome"
        prefix="home.autodrome"
        action="home.autodrome.go"
        items={autodromes}
        texts={texts}
        onAction={(a) => navigate(`/${locale}/autodrom?id=${a.target.id}`)}
      />
      {course && (
        <section className="card home-block" data-home-block="course" aria-labelledby="home-course">
          {/* The course block is named after the course itself (the first lesson's target). */}
          <h2 id="home-course">{course.target.name || texts['home.course.title']}</h2>
          <div className="home-entry">
            <span className="home-entry__body muted">
              {interpolate(texts['home.accessEnds'], { date: formatDate(course.date_end) })}
            </span>
            <button className="btn btn--primary" type="button" onClick={() => navigate(`/${locale}/lessons`)}>
              {texts['home.course.start']}
            </button>
          </div>
        </section>
      )}
      {/* Last: it may arrive after the blocks (a later visit asks for it again), and moves nothing then. */}
      {tests.length > 0 && <HomePlan locale={locale} texts={texts} />}
    </div>
  );
}
