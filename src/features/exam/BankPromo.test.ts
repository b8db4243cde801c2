// The tests page's bank cards before the server has said which base holds: the built-in cards keep
// their place but are not shown (no flash of claims an operator's bank may not make).
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { builtInBankInfo } from '../../server/services/bank-meta';
import BankPromo from './BankPromo';

describe('BankPromo', () => {
  it('renders the built-in cards unseen and hidden from screen readers until the base is known', () => {
    const html = renderToString(
      createElement(BankPromo, {
        locale: 'en',
        initial: builtInBankInfo('en'),
        texts: { title: 'Current question base', version: 'Version {{version}}' },
      }),
    );
    expect(html).toMatch(
      /^<div class="tests-promo__grid" data-bank-promo="pending" aria-hidden="true" style="visibility:hidden">/,
    );
    // The same cards as the built-in base (so the space they take does not change when shown).
    expect(html.match(/data-promo=/g)).toHaveLength(3);
    expect(html).toContain('Video questions');
    expect(html).toContain('Version 2026.11');
  });
});
