import { beforeEach, describe, expect, it } from 'vitest';
import { forgetStoredValues } from '../../client/browser-storage';
import { userKey } from '../../client/user-storage';
import {
  $testSettings,
  commentVisible,
  defaultTestSettings,
  loadTestSettings,
  normalizeSettings,
  resetTestSettings,
  TEST_SETTINGS_KEY,
  testLanguage,
  updateTestSettings,
} from './store';
import { MemoryStorage } from '../../../tests/support/memory-storage';

const storage = () => (globalThis as unknown as { localStorage: MemoryStorage }).localStorage;

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  forgetStoredValues();
  $testSettings.set({ ...defaultTestSettings });
});

describe('test settings', () => {
  it('default to the interface language, answering on click and comments after answering', () => {
    expect(loadTestSettings(null)).toEqual({
      language: null,
      confirmAnswer: false,
      nextOnCorrect: false,
      picturesInsteadOfVideos: false,
      showComments: true,
      commentsBefore: false,
      centreProtocol: false,
    });
    expect(testLanguage($testSettings.get(), 'kz')).toBe('kz');
  });

  it('are kept per learner under test-settings, apart from other learners and visitors', () => {
    updateTestSettings({ language: 'en', confirmAnswer: true }, 1);
    expect(JSON.parse(storage().getItem(userKey(1, TEST_SETTINGS_KEY))!)).toMatchObject({
      language: 'en',
      confirmAnswer: true,
    });
    expect(loadTestSettings(2)).toEqual(defaultTestSettings);
    expect(loadTestSettings(null)).toEqual(defaultTestSettings);
    expect(loadTestSettings(1)).toMatchObject({ language: 'en', confirmAnswer: true });
    expect(testLanguage($testSettings.get(), 'ru')).toBe('en');
  });

  it('remember the exam centre protocol per learner, off for everyone else', () => {
    updateTestSettings({ centreProtocol: true }, 7);
    expect(JSON.parse(storage().getItem(userKey(7, TEST_SETTINGS_KEY))!)).toMatchObject({ centreProtocol: true });
    expect(loadTestSettings(8).centreProtocol).toBe(false);
    expect(loadTestSettings(null).centreProtocol).toBe(false);
    expect(loadTestSettings(7).centreProtocol).toBe(true);
    // Stored before the flag existed: the spec exam, as before.
    expect(normalizeSettings({ confirmAnswer: true }).centreProtocol).toBe(false);
    expect(normalizeSettings({ centreProtocol: 'yes' }).centreProtocol).toBe(false);
  });

  it('for visitors live in localStorage under test-settings', () => {
    updateTestSettings({ picturesInsteadOfVideos: true }, null);
    expect(JSON.parse(storage().getItem('test-settings')!)).toMatchObject({ picturesInsteadOfVideos: true });
    $testSettings.set({ ...defaultTestSettings });
    expect(loadTestSettings(null).picturesInsteadOfVideos).toBe(true);
  });

  it('survive corrupt or foreign values', () => {
    storage().setItem('test-settings', '{oops');
    expect(loadTestSettings(null)).toEqual(defaultTestSettings);
    expect(normalizeSettings({ language: 'de', confirmAnswer: 'yes', nextOnCorrect: true, extra: 1 })).toEqual({
      ...defaultTestSettings,
      nextOnCorrect: true,
    });
    expect(normalizeSettings(null)).toEqual(defaultTestSettings);
  });

  it('drop comments before answering when comments are off, and reset', () => {
    updateTestSettings({ commentsBefore: true }, 3);
    expect($testSettings.get().commentsBefore).toBe(true);
    updateTestSettings({ showComments: false }, 3);
    expect($testSettings.get()).toMatchObject({ showComments: false, commentsBefore: false });
    expect(resetTestSettings(3)).toEqual(defaultTestSettings);
    expect(loadTestSettings(3)).toEqual(defaultTestSettings);
  });

  it('decide when an explanation shows', () => {
    expect(commentVisible({ showComments: true, commentsBefore: false }, false)).toBe(false);
    expect(commentVisible({ showComments: true, commentsBefore: false }, true)).toBe(true);
    expect(commentVisible({ showComments: true, commentsBefore: true }, false)).toBe(true);
    expect(commentVisible({ showComments: false, commentsBefore: true }, true)).toBe(false);
  });
});
