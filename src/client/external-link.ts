// external_link_blank / external_link_self: the `link` query minus its first character, plus an
// optional `hash`. Only http(s) targets are opened, so the route cannot be used to run script.
export function externalTarget(search: string): string | null {
  const params = new URLSearchParams(search);
  const link = params.get('link');
  if (!link || link.length < 2) return null;
  let url: URL;
  try { url = new URL(link.slice(1)); } catch { return null; }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const hash = params.get('hash');
  if (hash) url.hash = hash.replace(/^#/, '');
  return url.href;
}

/** The locale route for an external link, as notifications and menus build it. */
export function externalLinkPath(locale: string, target: string, mode: 'blank' | 'self' = 'blank', hash?: string): string {
  const params = new URLSearchParams({ link: `/${target}` });
  if (hash) params.set('hash', hash);
  return `/${locale}/external_link_${mode}?${params}`;
}
