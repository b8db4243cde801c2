import i18next, { type i18n } from 'i18next';
import type { MessageKey } from './keys';
import { locales, type Locale } from './locales';
import { messages } from './messages';
import { russianPluralRules } from './plural';

export * from './locales';
export { formatNumber, formatDate, formatDateTime } from './format';
export type { MessageKey, PluralKey } from './keys';

/**
 * i18next picks plural forms through Intl.PluralRules, cached per language. We put the spec's
 * Russian rule in that cache so there is one rule for ru, not Intl's and ours side by side.
 * (index.test.ts proves i18next really uses it.)
 */
function useSpecPluralRule(instance: i18n) {
  const resolver = instance.services.pluralResolver as unknown as { pluralRulesCache: Record<string, unknown> };
  resolver.pluralRulesCache[JSON.stringify({ cleanedCode: 'ru', type: 'cardinal' })] = russianPluralRules;
}

const instances = new Map<Locale, i18n>();

/** A synchronous i18next instance for one locale; keys are flat (`nav.home`), never nested. */
export function getI18n(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = i18next.createInstance();
    instance.init({
      lng: locales[locale].lang,
      fallbackLng: false,
      resources: { [locales[locale].lang]: { translation: messages[locale] } },
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      initAsync: false,
      showSupportNotice: false,
    } as Parameters<i18n['init']>[0]);
    useSpecPluralRule(instance);
    instances.set(locale, instance);
  }
  return instance;
}

/** A lookup in one locale's dictionary by a key that exists; `{ count }` picks a plural form. */
export type Translate = (key: MessageKey, params?: Record<string, unknown>) => string;

export function useTranslations(locale: Locale): Translate {
  const { t } = getI18n(locale);
  return (key, params = {}) => t(key, params);
}
