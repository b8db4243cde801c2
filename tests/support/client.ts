// One signed-in API client for the API suites: it signs in through the real route, keeps the cookies
// the server sets (a renewed session, a logout) and sends JSON, the language and a fixed caller
// address, so a suite's calls read `await learner.json('GET', '/v1/core/user/profile')`.
import type { App } from '../../src/server/app';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';

export interface CallOptions {
  /** Sent as JSON (a string is sent as it is). */
  body?: unknown;
  /** Accept-Language. */
  lang?: string;
  headers?: Record<string, string>;
}

export interface ApiClient {
  /** The cookies this client holds, as a Cookie header (`zhol_session=…; zhol_signed_in=1`); '' when none. */
  readonly cookie: string;
  /** The caller's address the server sees. */
  readonly ip: string;
  request(method: string, path: string, options?: CallOptions): Promise<Response>;
  get(path: string, options?: Omit<CallOptions, 'body'>): Promise<Response>;
  post(path: string, body?: unknown, options?: Omit<CallOptions, 'body'>): Promise<Response>;
  /** The parsed body of a 2xx answer; anything else throws an Error naming the status and the answer. */
  json<T = any>(method: string, path: string, body?: unknown, options?: Omit<CallOptions, 'body'>): Promise<T>;
}

let addresses = 0;
/** A caller address no other client of this process uses, so login limits never join two tests. */
export function freshAddress(): string {
  addresses++;
  return `10.${200 + ((addresses >> 16) % 50)}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** `/v1/x` and `/rest/v1/x` both name `/rest/v1/x`. */
const restPath = (path: string) =>
  path.startsWith('/rest/') ? path : `/rest${path.startsWith('/') ? '' : '/'}${path}`;

/** A client with no session (a visitor), or with the cookies given. */
export function apiClient(app: App, options: { ip?: string; cookie?: string } = {}): ApiClient {
  const ip = options.ip ?? freshAddress();
  const jar = new Map<string, string>();
  for (const pair of (options.cookie ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name) jar.set(name, value.join('='));
  }
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const expired =
        !value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
  const client: ApiClient = {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    ip,
    async request(method, path, { body, lang, headers = {} } = {}) {
      const sent: Record<string, string> = { ...headers };
      if (client.cookie) sent.cookie = client.cookie;
      if (lang) sent['accept-language'] = lang;
      if (body !== undefined && !Object.keys(sent).some((h) => h.toLowerCase() === 'content-type'))
        sent['content-type'] = 'application/json';
      const init: RequestInit = { method, headers: sent };
      if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
      return keep(await app.request(restPath(path), init, { clientAddress: ip }));
    },
    get: (path, options) => client.request('GET', path, options),
    post: (path, body, options) => client.request('POST', path, { ...options, body }),
    async json(method, path, body, options) {
      const res = await client.request(method, path, { ...options, body });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
      return text ? JSON.parse(text) : null;
    },
  };
  return client;
}

/** Signs in through the real route and returns the answer, whatever it is (for tests of signing in). */
export async function signIn(
  app: App,
  login: string,
  password = DEMO_PASSWORD,
  options: { ip?: string } = {},
): Promise<Response> {
  return apiClient(app, options).post('/v1/core/authentication', { login, password });
}

/** A client signed in as `login` (the demo password unless told); throws when the sign-in fails. */
export async function signedIn(
  app: App,
  login: string,
  options: { password?: string; ip?: string } = {},
): Promise<ApiClient> {
  const client = apiClient(app, options.ip ? { ip: options.ip } : {});
  const res = await client.post('/v1/core/authentication', {
    login,
    password: options.password ?? DEMO_PASSWORD,
    cookie: true,
  });
  if (res.status !== 200) throw new Error(`Signing in as ${login} answered ${res.status}: ${await res.text()}`);
  return client;
}
