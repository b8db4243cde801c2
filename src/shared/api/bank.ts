// The question base on the wire (GET /rest/v1/domain/online/bank, and the tests page's build): the
// version, the newest changes and the claims of bank.yaml in one language.
import type { Locale } from '../../i18n/locales';

/** A text as shown: in the page's language when the bank has it, else the bank's own (then marked with `lang`). */
export interface ShownText {
  text: string;
  lang: Locale;
}
/** What the tests page says about the question base. */
export interface BankInfo {
  version: string | null;
  changes: { version: string; date: string | null; text: string; lang: Locale }[];
  /** The line under "Current question base" (e.g. the rules the questions follow). */
  description: ShownText | null;
  /** The other cards (video questions, a match with the exam…): only what bank.yaml claims. */
  claims: { title: ShownText; text: ShownText }[];
}
