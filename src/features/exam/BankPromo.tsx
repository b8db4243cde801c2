// The tests page's cards about the question base: its version and newest changes, the line under
// them and the other claims (video questions, a match with the exam…), all from a bank.yaml. The
// page is built with the built-in base's (content/questions/bank.yaml); an operator's import may
// have brought its own, which the server then names (GET …/domain/online/bank; 204 while the
// built-in base holds). Until the answer is in, the built-in cards keep their place unseen, so
// neither the built-in claims flash before an operator's nor the layout shifts when they appear.
import { useStore } from '@nanostores/react';
import { locales, type Locale } from '../../i18n/locales';
import { interpolate } from '../../i18n/interpolate';
import type { BankInfo, ShownText } from '../../shared/api/bank';
import { $bank } from './bank-store';

const dateOf = (iso: string | null) =>
  iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('.') : iso;

interface Props {
  locale: Locale;
  /** The built-in base's, from the build. */
  initial: BankInfo | null;
  texts: { title: string; version: string };
}

export default function BankPromo({ locale, initial, texts }: Props) {
  const { known, imported } = useStore($bank);
  const bank = imported ?? initial;
  // The bank's own language when the page's is missing: said, so it is read out right.
  const langOf = (t: ShownText) => (t.lang !== locale ? locales[t.lang].lang : undefined);
  return (
    <div
      className="tests-promo__grid"
      data-bank-promo={known ? 'known' : 'pending'}
      aria-hidden={known ? undefined : true}
      style={known ? undefined : { visibility: 'hidden' }}
    >
      <article className="card promo" data-promo="base">
        <h3>{texts.title}</h3>
        {bank?.description && <p lang={langOf(bank.description)}>{bank.description.text}</p>}
        {bank?.version && (
          <p data-bank-version>
            <strong>{interpolate(texts.version, { version: bank.version })}</strong>
          </p>
        )}
        {!!bank?.changes.length && (
          <ul className="promo__changes">
            {bank.changes.map((c) => (
              <li key={`${c.version}-${c.date}`}>
                {c.date && <time dateTime={c.date}>{dateOf(c.date)}</time>} <span lang={langOf(c)}>{c.text}</span>
              </li>
            ))}
          </ul>
        )}
      </article>
      {bank?.claims.map((c, i) => (
        <article key={i} className="card promo" data-promo="claim">
          <h3 lang={langOf(c.title)}>{c.title.text}</h3>
          <p lang={langOf(c.text)}>{c.text.text}</p>
        </article>
      ))}
    </div>
  );
}
