// Test settings (spec: Test settings): the language of the questions, confirming a chosen answer,
// moving on after a correct answer, pictures instead of videos, comments (optionally before
// answering) and whether the mock exam runs as at the exam centre (issue 25). Kept in the browser per
// learner (`zhol:{id}:test-settings`) and, for visitors, under `test-settings`; the runner and the
// tests page read them from $testSettings.
import { atom } from 'nanostores';
import { $user } from '../../client/auth';
import { storedJSON } from '../../client/browser-storage';
import { readUserSetting, writeUserSetting } from '../../client/user-storage';
import { isLocale, type Locale } from '../../i18n/locales';

export const TEST_SETTINGS_KEY = 'test-settings';

export interface TestSettings {
  /** The questions' language; null follows the interface language. */
  language: Locale | null;
  /** Choosing an answer only selects it; a second action confirms it. */
  confirmAnswer: boolean;
  /** After a correct answer the next question opens by itself. */
  nextOnCorrect: boolean;
  /** Video questions show their picture instead. */
  picturesInsteadOfVideos: boolean;
  /** Explanations are shown in training after answering… */
  showComments: boolean;
  /** …or already before answering. */
  commentsBefore: boolean;
  /** The mock exam runs as at the exam centre (issue 25): any order, no verdict until the end. */
  centreProtocol: boolean;
}

export const defaultTestSettings: Readonly<TestSettings> = Object.freeze({
  language: null,
  confirmAnswer: false,
  nextOnCorrect: false,
  picturesInsteadOfVideos: false,
  showComments: true,
  commentsBefore: false,
  centreProtocol: false,
});

const flags = [
  'confirmAnswer',
  'nextOnCorrect',
  'picturesInsteadOfVideos',
  'showComments',
  'commentsBefore',
  'centreProtocol',
] as const;

/** Whatever was stored (old, partial or corrupt) as a complete, valid settings object. */
export function normalizeSettings(raw: unknown): TestSettings {
  const source = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const out: TestSettings = { ...defaultTestSettings };
  out.language = typeof source.language === 'string' && isLocale(source.language) ? source.language : null;
  for (const flag of flags) if (typeof source[flag] === 'boolean') out[flag] = source[flag];
  return out;
}

/** The language a test runs in: the learner's choice, else the interface language. */
export function testLanguage(settings: Pick<TestSettings, 'language'>, interfaceLocale: Locale): Locale {
  return settings.language ?? interfaceLocale;
}

/** Whether the explanation of a question may be shown now. */
export function commentVisible(
  settings: Pick<TestSettings, 'showComments' | 'commentsBefore'>,
  answered: boolean,
): boolean {
  return settings.showComments && (answered || settings.commentsBefore);
}

export const $testSettings = atom<TestSettings>({ ...defaultTestSettings });

/** A visitor's settings (the demo), kept without a user id. */
const visitorSettings = () => storedJSON<TestSettings>(TEST_SETTINGS_KEY);
const readVisitorSettings = (): unknown => visitorSettings().get() ?? null;

/** Reads the settings of whoever uses the browser now (the learner, or a visitor). */
export function loadTestSettings(userId: number | null = $user.get()?.id ?? null): TestSettings {
  const raw = userId === null ? readVisitorSettings() : readUserSetting<unknown>(userId, TEST_SETTINGS_KEY, null);
  const settings = normalizeSettings(raw);
  $testSettings.set(settings);
  return settings;
}

/** Changes some settings and saves them for the current learner or visitor. */
export function updateTestSettings(
  patch: Partial<TestSettings>,
  userId: number | null = $user.get()?.id ?? null,
): TestSettings {
  const settings = normalizeSettings({ ...$testSettings.get(), ...patch });
  // Comments before answering make no sense without comments.
  if (!settings.showComments) settings.commentsBefore = false;
  $testSettings.set(settings);
  if (userId === null) {
    visitorSettings().set(settings);
  } else {
    writeUserSetting(userId, TEST_SETTINGS_KEY, settings);
  }
  return settings;
}

export function resetTestSettings(userId: number | null = $user.get()?.id ?? null): TestSettings {
  return updateTestSettings({ ...defaultTestSettings }, userId);
}

// Follow whoever signs in or out in this browser.
if (typeof window !== 'undefined') {
  loadTestSettings();
  $user.listen((user) => {
    loadTestSettings(user?.id ?? null);
  });
}
