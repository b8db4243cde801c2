import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $bank, loadBank } from './bank-store';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  cleanStores($bank);
  $bank.set({ known: false, imported: null });
});

describe('the bank store', () => {
  it('a 204 says the built-in base holds', async () => {
    globalThis.fetch = vi.fn(async () => new Response(null, { status: 204 })) as typeof fetch;
    await loadBank();
    expect($bank.get()).toEqual({ known: true, imported: null });
  });

  it("an operator's import is named by the server", async () => {
    const info = { version: '2027.01', description: null, changes: [], claims: [] };
    globalThis.fetch = vi.fn(async () => new Response(JSON.stringify(info), { status: 200 })) as typeof fetch;
    await loadBank();
    expect($bank.get()).toEqual({ known: true, imported: info });
  });

  it('a failure leaves the base unknown (the cards stay unseen)', async () => {
    globalThis.fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await loadBank();
    expect($bank.get().known).toBe(false);
  });
});
