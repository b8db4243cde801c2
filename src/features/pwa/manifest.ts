// The web app manifest of each locale (issue 23): names and description in the page's language, the
// colours from the design tokens (src/styles/base.css), the icons of scripts/make-icons.mjs. Served as
// /<locale>/manifest.webmanifest (src/pages/[locale]/manifest.webmanifest.ts) and linked by the shell.
import baseCss from '../../styles/base.css?raw';
import { locales, useTranslations, type Locale } from '../../i18n';

/** A token's light and dark value from base.css (`--bg: light-dark(#f3f5f4, #101413)`). */
export function tokenColours(token: string, css: string = baseCss): { light: string; dark: string } {
  const match = new RegExp(`--${token}:\\s*light-dark\\((#[0-9a-f]{3,8}),\\s*(#[0-9a-f]{3,8})\\)`, 'i').exec(css);
  if (!match) throw new Error(`Design token --${token} is not a light-dark() pair of hex colours in base.css`);
  return { light: match[1]!, dark: match[2]! };
}

/** The browser's toolbar continues the header (--surface); the splash screen is the page (--bg). */
export const themeColours = tokenColours('surface');
export const backgroundColours = tokenColours('bg');

export const manifestPath = (locale: Locale) => `/${locale}/manifest.webmanifest`;

export function webManifest(locale: Locale) {
  const t = useTranslations(locale);
  return {
    id: '/',
    name: t('pwa.name'),
    short_name: t('pwa.shortName'),
    description: t('pwa.description'),
    lang: locales[locale].lang,
    dir: 'ltr',
    start_url: `/${locale}/`,
    scope: '/',
    display: 'standalone',
    theme_color: themeColours.light,
    background_color: backgroundColours.light,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
