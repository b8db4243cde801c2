// Test settings, saved as soon as they change (per learner in this browser, or for the visitor).
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useHydrated } from '../../client/use-hydrated';
import { $authStatus } from '../../client/auth';
import { localeCodes, locales, type Locale } from '../../i18n/locales';
import type { Texts } from '../../i18n/interpolate';
import {
  $testSettings,
  defaultTestSettings,
  resetTestSettings,
  testLanguage,
  updateTestSettings,
  type TestSettings,
} from './store';

interface Props {
  locale: Locale;
  texts: Texts;
}

type Flag = Exclude<keyof TestSettings, 'language'>;
const flags: Flag[] = [
  'confirmAnswer',
  'nextOnCorrect',
  'picturesInsteadOfVideos',
  'showComments',
  'commentsBefore',
  'centreProtocol',
];

export default function SettingsForm({ locale, texts }: Props) {
  const stored = useStore($testSettings);
  const status = useStore($authStatus);
  const [saved, setSaved] = useState('');
  // The server renders the defaults; the browser's saved choice replaces them once hydrated.
  const hydrated = useHydrated();
  const settings = hydrated ? stored : defaultTestSettings;
  // Whose settings these are is known only once the session has answered: a choice made before that
  // would be saved for the visitor and then replaced by the learner's own, so the controls wait.
  const ready = hydrated && status !== 'unknown';

  function change(patch: Partial<TestSettings>) {
    updateTestSettings(patch);
    setSaved('');
    requestAnimationFrame(() => setSaved(texts['settings.saved']!));
  }

  return (
    <form
      className="card settings"
      aria-busy={!ready}
      onSubmit={(e) => e.preventDefault()}
      aria-labelledby="settings-title"
      data-settings
    >
      <h2 id="settings-title">{texts['settings.title']}</h2>
      <div className="field">
        <label htmlFor="settings-language">{texts['settings.language']}</label>
        <select
          id="settings-language"
          className="select"
          value={testLanguage(settings, locale)}
          disabled={!ready}
          aria-describedby="settings-language-hint"
          onChange={(e) => change({ language: e.target.value as Locale })}
        >
          {localeCodes.map((code) => (
            <option key={code} value={code} lang={locales[code].lang}>
              {locales[code].name}
            </option>
          ))}
        </select>
        <p id="settings-language-hint" className="muted field__hint">
          {texts['settings.languageHint']}
        </p>
      </div>
      <fieldset className="settings__flags">
        <legend>{texts['settings.behaviour']}</legend>
        {flags.map((flag) => {
          const disabled = !ready || (flag === 'commentsBefore' && !settings.showComments);
          return (
            <div key={flag} className={`setting${flag === 'commentsBefore' ? ' setting--nested' : ''}`}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  name={flag}
                  checked={settings[flag]}
                  disabled={disabled}
                  aria-describedby={`setting-${flag}-hint`}
                  onChange={(e) => change({ [flag]: e.target.checked })}
                />
                {texts[`settings.${flag}`]}
              </label>
              <p id={`setting-${flag}-hint`} className="muted field__hint">
                {texts[`settings.${flag}Hint`]}
              </p>
            </div>
          );
        })}
      </fieldset>
      <p className="muted">
        {hydrated && status === 'authenticated' ? texts['settings.scopeUser'] : texts['settings.scopeVisitor']}
      </p>
      <div className="row">
        <button
          className="btn btn--secondary"
          type="button"
          disabled={!ready}
          onClick={() => {
            resetTestSettings();
            setSaved(texts['settings.resetDone']!);
          }}
        >
          {texts['settings.reset']}
        </button>
      </div>
      <p className="visually-hidden" role="status" data-settings-status>
        {saved}
      </p>
    </form>
  );
}
