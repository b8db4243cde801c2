// Which question base holds (the tests page's bank cards): an operator's import names its own
// (GET …/domain/online/bank), 204 while the built-in base holds. Asked once, when the cards mount.
import { atom, onMount } from 'nanostores';
import { apiRequest } from '../../client/api';
import type { BankInfo } from '../../shared/api/bank';

export interface BankState {
  /** The server has answered: until then the built-in cards stay unseen. */
  known: boolean;
  /** The imported base's, or null while the built-in base holds. */
  imported: BankInfo | null;
}

export const $bank = atom<BankState>({ known: false, imported: null });

export async function loadBank(): Promise<void> {
  try {
    const imported = await apiRequest<BankInfo | null>('/rest/v1/domain/online/bank');
    $bank.set({ known: true, imported: imported ?? null });
  } catch {
    // Unknown stays unseen: claims that may not be true are worse than none.
  }
}

onMount($bank, () => {
  // Server rendering reads the store too: only a browser asks.
  if (typeof window === 'undefined' || $bank.get().known) return;
  void loadBank();
});
