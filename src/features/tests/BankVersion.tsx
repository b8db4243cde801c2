// The question base's version and newest changes on the tests page. Built with the built-in base's
// (content/questions/bank.yaml); an operator's import may have brought its own, which the server
// then names (GET …/domain/online/bank) and which replaces it here.
import { useEffect, useState } from 'react';
import { apiRequest } from '../../client/api';
import { interpolate } from '../../i18n/interpolate';

import type { BankInfo } from '../../server/services/bank-meta';

const dateOf = (iso: string | null) => (iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('.') : iso);

export default function BankVersion({ initial, versionText }: { initial: BankInfo | null; versionText: string }) {
  const [bank, setBank] = useState(initial);
  useEffect(() => {
    apiRequest<BankInfo | null>('/rest/v1/domain/online/bank').then((imported) => { if (imported?.version) setBank(imported); })
      .catch(() => { /* the built-in base stays named */ });
  }, []);
  if (!bank) return null;
  return (
    <>
      <p data-bank-version><strong>{interpolate(versionText, { version: bank.version })}</strong></p>
      {bank.changes.length > 0 && (
        <ul className="promo__changes">
          {bank.changes.map((c) => (
            <li key={`${c.version}-${c.date}`}>{c.date && <time dateTime={c.date}>{dateOf(c.date)}</time>} {c.text}</li>
          ))}
        </ul>
      )}
    </>
  );
}
