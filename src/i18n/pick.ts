// Islands get the few texts they need as props, rendered on the server, instead of shipping the
// dictionaries and i18next to the browser. `interpolate` fills {{name}} like i18next does.
import { messages } from './messages';
import type { Locale } from './locales';

export type Texts = Record<string, string>;

export function pickTexts(locale: Locale, prefixes: string[]): Texts {
  return Object.fromEntries(Object.entries(messages[locale]).filter(([k]) => prefixes.some((p) => k === p || k.startsWith(`${p}.`))));
}

export function interpolate(text: string | undefined, params: Record<string, string | number> = {}): string {
  return (text ?? '').replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
