// Build-time settings for the prerendered pages (provider links end up in static HTML).
// Parsed by one zod schema so a bad value fails the build with a readable message.
import { z } from 'zod';
import { friendlyParse } from '../shared/friendly-parse';
import { DEFAULT_BOOKING_URL } from './booking';

// Only web links: a `javascript:` or `mailto:` URL must never reach a page's href.
const url = z.url({ protocol: /^https?$/ });
const hosts = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) =>
      v
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((h) => h.toLowerCase()),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/,
            'each must be a host like booking.example.kz (no scheme, no path)',
          ),
      ),
    );
const schema = z.object({
  /** The provider's main site; `{lang}` becomes ru or kk (en maps to ru). */
  ZHOL_PROVIDER_SITE_URL: url.default('https://zhol.example/{lang}/'),
  ZHOL_CATALOGUE_URL: url.default('https://zhol.example/catalogue/'),
  ZHOL_REGISTER_URL: url.default('https://zhol.example/register/'),
  ZHOL_RECOVER_URL: url.default('https://zhol.example/recover/'),
  ZHOL_APP_STORE_URL: url.default('https://apps.apple.com/kz/app/zhol/id0000000000'),
  ZHOL_GOOGLE_PLAY_URL: url.default('https://play.google.com/store/apps/details?id=kz.zhol.app'),
  /** The simulator's download (an app store or file); through the external-link route when external. */
  ZHOL_SIMULATOR_URL: url.default('https://zhol.example/simulator/download/'),
  /** The exam sign-up page framed on the booking page (the server reads it too, for the CSP). */
  ZHOL_BOOKING_URL: url.default(DEFAULT_BOOKING_URL),
  /** The official text of the Rules at its publisher; {lang} is rus or kaz (the rules page links both). */
  ZHOL_RULES_OFFICIAL_URL: url.default('https://adilet.zan.kz/{lang}/docs/V2300033003'),
  /** Further hosts the external-link route may open (booking, streams…), separated by spaces or commas. */
  ZHOL_EXTERNAL_LINK_HOSTS: hosts(''),
  /** Hosts of the streams' own pages (a stream that cannot be embedded is opened there). */
  ZHOL_STREAM_LINK_HOSTS: hosts('www.youtube.com'),
});

export type SiteConfig = z.infer<typeof schema>;

export function parseSiteConfig(env: Record<string, string | undefined>): SiteConfig {
  return friendlyParse(schema, env, 'Invalid Zhol configuration');
}

export const site = parseSiteConfig(process.env);

/** The publisher's page of the official text in Russian (rus) or Kazakh (kaz). */
export function rulesOfficialUrl(lang: 'rus' | 'kaz'): string {
  return site.ZHOL_RULES_OFFICIAL_URL.replace('{lang}', lang);
}

export function providerSiteUrl(lang: string): string {
  return site.ZHOL_PROVIDER_SITE_URL.replace('{lang}', lang);
}

/** Hosts the external-link route opens without asking the server: the provider's links and the configured ones. */
export function externalLinkHosts(config: SiteConfig = site): string[] {
  const links = [
    config.ZHOL_PROVIDER_SITE_URL.replace('{lang}', 'ru'),
    config.ZHOL_CATALOGUE_URL,
    config.ZHOL_REGISTER_URL,
    config.ZHOL_RECOVER_URL,
    config.ZHOL_APP_STORE_URL,
    config.ZHOL_GOOGLE_PLAY_URL,
    config.ZHOL_SIMULATOR_URL,
    config.ZHOL_BOOKING_URL,
    config.ZHOL_RULES_OFFICIAL_URL.replace('{lang}', 'rus'),
  ];
  return [
    ...new Set([
      ...links.map((link) => new URL(link).host),
      ...config.ZHOL_STREAM_LINK_HOSTS,
      ...config.ZHOL_EXTERNAL_LINK_HOSTS,
    ]),
  ];
}
