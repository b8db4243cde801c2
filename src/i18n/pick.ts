// Islands get the few texts they need as props, rendered on the server, instead of shipping the
// dictionaries and i18next to the browser. Islands import `interpolate` and `plural` from
// ./interpolate (this file pulls in every dictionary).
import { messages } from './messages';
import type { Locale } from './locales';
import type { Texts } from './interpolate';

export { interpolate, plural, textOf, type Texts } from './interpolate';

/** The keys under whole prefixes (`exam` takes `exam.*`, not `examples.*`). */
export function pickTexts(locale: Locale, prefixes: string[]): Texts {
  return Object.fromEntries(
    Object.entries(messages[locale]).filter(([k]) => prefixes.some((p) => k === p || k.startsWith(`${p}.`))),
  );
}
