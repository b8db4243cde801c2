// /<locale>/manifest.webmanifest: the web app manifest in that locale, written at build time.
import type { APIRoute, GetStaticPaths } from 'astro';
import { webManifest } from '../../features/pwa/manifest';
import { localeCodes, type Locale } from '../../i18n';

export const getStaticPaths = (() => localeCodes.map((locale) => ({ params: { locale } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) =>
  new Response(JSON.stringify(webManifest(params.locale as Locale)), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8' },
  });
