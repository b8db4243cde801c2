import { describe, expect, it } from 'vitest';
import { localeCodes } from '../../i18n';
import ru from '../../i18n/messages/ru';
import kz from '../../i18n/messages/kz';
import { tokenColours, webManifest } from './manifest';

describe('webManifest', () => {
  it('names the app in the page language and starts in that locale, scoped to the whole site', () => {
    expect(webManifest('ru').name).toBe(ru['pwa.name']);
    expect(webManifest('kz')).toMatchObject({ name: kz['pwa.name'], lang: 'kk', start_url: '/kz/', scope: '/' });
    for (const locale of localeCodes) expect(webManifest(locale).display).toBe('standalone');
  });

  it('has the icons installability asks for: 192 and 512 for any purpose, and a maskable 512', () => {
    const icons = webManifest('en').icons;
    expect(icons.filter((i) => i.purpose === 'any').map((i) => i.sizes)).toEqual(['192x192', '512x512']);
    expect(icons.find((i) => i.purpose === 'maskable')?.sizes).toBe('512x512');
  });

  it('takes its colours from the design tokens', () => {
    expect(webManifest('en').theme_color).toBe(tokenColours('surface').light);
    expect(webManifest('en').background_color).toBe(tokenColours('bg').light);
    expect(tokenColours('x', ':root { --x: light-dark(#010203, #aabbcc); }')).toEqual({
      light: '#010203',
      dark: '#aabbcc',
    });
    expect(() => tokenColours('missing', ':root {}')).toThrow(/--missing/);
  });
});
