// The stream page's broadcasts (spec: streams sorted by whether their video can be embedded). The
// list comes from content/streams.yaml or, when ZHOL_STREAMS_LIST_URL is set, from that URL (fetched
// with a timeout and a size limit, and cached; content when it fails). Each broadcast is checked with
// the provider's embed check (GET, OK on 200) under the same timeout and cached. Both go through
// fetchOutbound: public addresses only unless ZHOL_STREAMS_ALLOW_HOSTS names the host, redirects on
// the same host only. A learner never waits for any of it: `snapshot()` answers from the cache at
// once and starts a refresh in the background when the cache is stale; streams not yet checked are
// `checking` and the page asks again.
import { frameOrigins, type ServerConfig } from '../config';
import type { StreamStatus, StreamsSnapshot, StreamView } from '../../shared/api/streams';
import { loadStreams, streamListSchema, type StreamContent } from './centre-content';
import { fetchOutbound, type OutboundAnswer, type OutboundOptions } from './outbound-fetch';

type Fetch = (url: string, options: OutboundOptions) => Promise<OutboundAnswer>;

/** The most of the list answer read: 500 streams (the list's own limit) take well under this. */
export const STREAM_LIST_MAX_BYTES = 1024 * 1024;

const ORDER: Record<StreamStatus, number> = { available: 0, checking: 1, unavailable: 2 };

/** How many checks run at once, so a long list does not open hundreds of connections. */
const PARALLEL_CHECKS = 6;

export class StreamsService {
  private content: StreamContent[] | null = null;
  private list: { items: StreamContent[]; at: number } | null = null;
  private checks = new Map<string, { ok: boolean; at: number }>();
  private running: Promise<void> | null = null;
  /** The last failure logged per source (the list, the checks), so a lasting failure is logged once. */
  private logged = new Map<'list' | 'check', string>();

  constructor(
    private readonly config: ServerConfig,
    private readonly fetcher: Fetch = fetchOutbound,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The current answer, at once; starts a background refresh when anything is missing or stale. */
  snapshot(): StreamsSnapshot {
    const items = this.list?.items ?? this.contentStreams();
    if (this.stale(items)) this.refresh().catch((error: unknown) => console.error('[streams] refresh failed:', error));
    const streams = items.map((s) => this.view(s));
    // Stable sort: within a status, the list's own order (content order is the editors' choice).
    streams.sort((a, b) => ORDER[a.status] - ORDER[b.status]);
    return { streams, checking: streams.some((s) => s.status === 'checking') };
  }

  /** Refreshes the list and the checks; concurrent callers share one refresh. */
  refresh(): Promise<void> {
    this.running ??= this.doRefresh().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Resolves when no refresh is running (tests wait on this instead of on time). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private ttl(): number {
    return this.config.ZHOL_STREAM_CACHE_SECONDS * 1000;
  }

  private fresh(at: number): boolean {
    return this.clock() - at < this.ttl();
  }

  private stale(items: StreamContent[]): boolean {
    if (this.config.ZHOL_STREAMS_LIST_URL && !(this.list && this.fresh(this.list.at))) return true;
    return items.some((s) => this.needsCheck(s) && !this.freshCheck(s.link));
  }

  private freshCheck(link: string): boolean {
    const check = this.checks.get(link);
    return check !== undefined && this.fresh(check.at);
  }

  private contentStreams(): StreamContent[] {
    this.content ??= loadStreams(this.config.ZHOL_CONTENT_DIR);
    return this.content;
  }

  /** Only a stream whose player the CSP lets us frame is worth asking the provider about. */
  private needsCheck(s: StreamContent): boolean {
    if (!s.embed) return false;
    return frameOrigins(this.config).includes(new URL(s.embed).origin);
  }

  private view(s: StreamContent): StreamView {
    let status: StreamStatus = 'unavailable';
    if (this.needsCheck(s)) {
      const check = this.checks.get(s.link);
      // A stale result still answers until the refresh replaces it.
      status = check === undefined ? 'checking' : check.ok ? 'available' : 'unavailable';
    }
    return {
      id: s.id,
      centre: s.centre,
      city: s.city,
      link: s.link,
      embed: status === 'available' ? s.embed! : null,
      status,
    };
  }

  private async doRefresh(): Promise<void> {
    const items = await this.loadList();
    const due = items.filter((s) => this.needsCheck(s) && !this.freshCheck(s.link));
    const links = [...new Set(due.map((s) => s.link))];
    let failures = 0;
    for (let i = 0; i < links.length; i += PARALLEL_CHECKS) {
      const failed = await Promise.all(links.slice(i, i + PARALLEL_CHECKS).map((link) => this.check(link)));
      failures += failed.filter(Boolean).length;
    }
    // A round of checks that all reached the provider ends the failure: the next one is logged again.
    if (links.length > 0 && failures === 0) this.logged.delete('check');
  }

  private async loadList(): Promise<StreamContent[]> {
    const url = this.config.ZHOL_STREAMS_LIST_URL;
    if (!url) return this.contentStreams();
    if (this.list && this.fresh(this.list.at)) return this.list.items;
    try {
      const res = await this.fetcher(url, this.outbound(STREAM_LIST_MAX_BYTES));
      if (res.status !== 200) throw new Error(`answered ${res.status}`);
      const body: unknown = JSON.parse(res.body.toString('utf8'));
      const parsed = streamListSchema.safeParse(
        body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body,
      );
      if (!parsed.success) throw new Error(`not a stream list: ${parsed.error.issues[0]?.message}`);
      this.list = { items: parsed.data, at: this.clock() };
      this.logged.delete('list');
    } catch (error) {
      // The list service is down, slow, too big or refused: keep the last good list, else content;
      // try again after the TTL.
      this.logOnce(
        'list',
        `[streams] the list at ZHOL_STREAMS_LIST_URL failed (${describe(error)}); using the last good list or content`,
      );
      this.list = { items: this.list?.items ?? this.contentStreams(), at: this.clock() };
    }
    return this.list.items;
  }

  /** Whether the provider can embed `link`; a failure to ask (not a refusal by the provider) is logged once. */
  private async check(link: string): Promise<boolean> {
    const url = this.config.ZHOL_STREAM_CHECK_URL.replace('{url}', encodeURIComponent(link));
    let ok = false;
    let failed = false;
    try {
      // Only the status matters: no body is read.
      ok = (await this.fetcher(url, this.outbound(0))).status === 200;
    } catch (error) {
      failed = true;
      this.logOnce('check', `[streams] the embed check at ZHOL_STREAM_CHECK_URL failed (${describe(error)})`);
    }
    this.checks.set(link, { ok, at: this.clock() });
    return failed;
  }

  private outbound(maxBytes: number): OutboundOptions {
    return {
      timeoutMs: this.config.ZHOL_STREAM_CHECK_TIMEOUT_MS,
      maxBytes,
      allowHosts: this.config.ZHOL_STREAMS_ALLOW_HOSTS,
    };
  }

  private logOnce(source: 'list' | 'check', message: string): void {
    if (this.logged.get(source) === message) return;
    this.logged.set(source, message);
    console.warn(message);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// One service (and cache) per server configuration: the process has one; each test builds its own.
const services = new WeakMap<ServerConfig, StreamsService>();

export function streamsService(config: ServerConfig, now: () => Date = () => new Date()): StreamsService {
  let service = services.get(config);
  if (!service) {
    service = new StreamsService(config, undefined, () => now().getTime());
    services.set(config, service);
  }
  return service;
}
