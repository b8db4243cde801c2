// external_link_blank / external_link_self: the `link` query minus its first character, plus an
// optional `hash`. The route opens only links the app itself made — the same origin, the provider's
// configured links and hosts (ZHOL_EXTERNAL_LINK_HOSTS), and links an operator sent the learner as a
// notification (asked of the API) — so it cannot send a browser to any site a stranger chooses.
// The check runs on the URL as the browser parses it, so `\\evil`, tabs, `user@host` and encoded
// spellings resolve to their real host before they are compared.

/** Where links may go without asking the server: our own origin and the configured hosts. */
export interface LinkPolicy {
  origin: string;
  hosts: readonly string[];
}

/** What `link` names: the address as given (shown as text when refused), and the web URL it parses to, if any. */
export function readExternalLink(search: string): { shown: string; url: URL | null } {
  const params = new URLSearchParams(search);
  const link = params.get('link') ?? '';
  const shown = link.slice(1);
  if (link.length < 2) return { shown, url: null };
  let url: URL;
  try {
    url = new URL(link.slice(1));
  } catch {
    return { shown, url: null };
  }
  // Only web links, so the route cannot run script; and no user:password@ prefix dressing up a host.
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    return { shown, url: null };
  const hash = params.get('hash');
  if (hash) url.hash = hash.replace(/^#/, '');
  return { shown, url };
}

/** True when the policy alone lets this URL open: our origin or a configured host (exact, port included). */
export function allowedByPolicy(url: URL, policy: LinkPolicy): boolean {
  return url.origin === policy.origin || policy.hosts.includes(url.host.toLowerCase());
}

/** The target to open without asking the server, or null (not a web link, or not one we know). */
export function externalTarget(search: string, policy: LinkPolicy): string | null {
  const { url } = readExternalLink(search);
  return url && allowedByPolicy(url, policy) ? url.href : null;
}

/** The policy the page was built with: hosts on <body data-external-hosts>, origin from location. */
export function pagePolicy(): LinkPolicy {
  const hosts = (document.body.dataset.externalHosts ?? '').split(/\s+/).filter(Boolean);
  return { origin: location.origin, hosts };
}

/** The locale route for an external link, as notifications and menus build it. */
export function externalLinkPath(
  locale: string,
  target: string,
  mode: 'blank' | 'self' = 'blank',
  hash?: string,
): string {
  const params = new URLSearchParams({ link: `/${target}` });
  if (hash) params.set('hash', hash);
  return `/${locale}/external_link_${mode}?${params}`;
}
