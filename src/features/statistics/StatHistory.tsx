// The statistics detail's test history: filters by mode and result, the table of tests and its pager.
// The rows come from ./detail ($history); this renders them and asks for other pages. A test opened
// but never begun is "not begun", not "in progress": no clock has run and nothing was answered.
import { useStore } from '@nanostores/react';
import { formatDateTime } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { interpolate, type Texts } from '../../i18n/interpolate';
import type { ExamListItem } from '../../shared/api/exam';
import { formatClock, isoDuration } from '../exam/logic';
import { modeLabel } from '../exam/protocol';
import { $history, filterHistory, historyPage, loadHistory } from './detail';
import { emptyFilter, HISTORY_MODES, historyStatus, pageBounds, parseMode, parseResult } from './logic';
import { dash, Skeleton } from './parts';

function resultLabel(item: ExamListItem, texts: Texts): string {
  const status = historyStatus(item);
  if (status === 'not-begun') return texts['stats.history.notBegun']!;
  if (status === 'process') return texts['stats.history.process']!;
  if (item.ended_by === 'operator') return texts['stats.history.endedByOperator']!;
  return texts[`exam.result.${status}`] ?? status;
}

export default function StatHistory({
  id,
  locale,
  texts,
  live,
}: {
  id: number;
  locale: Locale;
  texts: Texts;
  live: boolean;
}) {
  const stored = useStore($history);
  // The server's HTML (and so the first render in the browser) has no history: after a client-side
  // navigation the store may hold one already, which would not match it.
  const history = live ? stored : { ...stored, id: null, status: 'idle' as const };
  const mine = history.id === id;
  const items = mine ? history.items : null;
  const filter = mine ? history.filter : emptyFilter;
  const { prev, next } = pageBounds(filter.page, history.pages);
  return (
    <section className="card stat-history" aria-labelledby="stat-history-title" data-history>
      <h2 id="stat-history-title">{texts['stats.history.title']}</h2>
      <form className="stat-history__filters" onSubmit={(e) => e.preventDefault()}>
        <FilterSelect
          id="history-mode"
          label={texts['stats.history.mode']}
          value={filter.mode ?? ''}
          options={[
            ['', texts['stats.history.allModes']],
            ...HISTORY_MODES.map((m): [string, string | undefined] => [m, texts[`exam.mode.${m}`] ?? m]),
          ]}
          onChange={(value) => void filterHistory(id, { mode: parseMode(value) })}
        />
        <FilterSelect
          id="history-result"
          label={texts['stats.history.result']}
          value={filter.result ?? ''}
          options={[
            ['', texts['stats.history.allResults']],
            ['passed', texts['stats.history.passed']],
            ['failed', texts['stats.history.failed']],
            ['completed', texts['stats.history.completed']],
          ]}
          onChange={(value) => void filterHistory(id, { result: parseResult(value) })}
        />
      </form>
      <p className="muted stat-history__total" role="status" data-history-total>
        {items ? interpolate(texts['stats.history.total'], { count: history.total }) : <Skeleton />}
      </p>
      {mine && history.status === 'error' && (
        <p className="notice notice--error" role="alert">
          {texts['stats.history.error']} {history.error?.desc}{' '}
          <button className="btn btn--small btn--secondary" type="button" onClick={() => void loadHistory(id)}>
            {texts['stats.retry']}
          </button>
        </p>
      )}
      <div className="stat-history__rows" aria-busy={history.status === 'loading'} data-history-rows>
        {items && !items.length ? (
          <p data-history-empty>{texts['stats.history.empty']}</p>
        ) : (
          <table className="stats-table stat-history__table">
            <thead>
              <tr>
                <th scope="col">{texts['stats.history.date']}</th>
                <th scope="col">{texts['stats.history.mode']}</th>
                <th scope="col">{texts['stats.history.time']}</th>
                <th scope="col">{texts['stats.history.result']}</th>
              </tr>
            </thead>
            <tbody>
              {items
                ? items.map((item) => {
                    const at = item.started_at ?? item.finished_at;
                    return (
                      <tr key={item.id} data-history-row={item.id} data-status={historyStatus(item)}>
                        <th scope="row">
                          <a href={`/${locale}/tests/${item.id}`} data-history-link>
                            {at ? formatDateTime(at) : texts['stats.history.open']}
                          </a>
                        </th>
                        <td data-history-kind={item.protocol === 'centre' ? 'centre' : item.mode}>
                          {modeLabel(texts, item)}
                        </td>
                        <td>
                          {item.duration === null ? (
                            dash
                          ) : (
                            <time dateTime={isoDuration(item.duration)}>{formatClock(item.duration)}</time>
                          )}
                        </td>
                        <td className={`stat-history__result stat-history__result--${historyStatus(item)}`}>
                          {resultLabel(item, texts)}
                        </td>
                      </tr>
                    );
                  })
                : Array.from({ length: 3 }, (_, i) => (
                    <tr key={i} aria-hidden="true">
                      {[0, 1, 2, 3].map((j) => (
                        <td key={j}>
                          <Skeleton className="skeleton--cell" />
                        </td>
                      ))}
                    </tr>
                  ))}
            </tbody>
          </table>
        )}
      </div>
      {items && history.pages > 1 && (
        <nav className="stat-history__pager" aria-label={texts['stats.history.pages']} data-history-pager>
          <button
            className="btn btn--secondary btn--small"
            type="button"
            disabled={prev === null}
            onClick={() => prev !== null && void historyPage(id, prev)}
            data-history-prev
          >
            {texts['stats.history.prev']}
          </button>
          <span data-history-page={filter.page}>
            {interpolate(texts['stats.history.page'], { page: filter.page, pages: history.pages })}
          </span>
          <button
            className="btn btn--secondary btn--small"
            type="button"
            disabled={next === null}
            onClick={() => next !== null && void historyPage(id, next)}
            data-history-next
          >
            {texts['stats.history.next']}
          </button>
        </nav>
      )}
    </section>
  );
}

/** One of the history's filters: a labelled select whose value is an option's key ('' for all). */
function FilterSelect(props: {
  id: 'history-mode' | 'history-result';
  label: string | undefined;
  value: string;
  options: [value: string, text: string | undefined][];
  onChange: (value: string) => void;
}) {
  // data-history-mode / data-history-result: the browser tests find each filter by it.
  const marker = { [`data-${props.id}`]: '' };
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        className="select"
        value={props.value}
        {...marker}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
