// The stream page's broadcasts (spec: streams sorted by whether their video can be embedded). The
// list comes from content/streams.yaml or, when ZHOL_STREAMS_LIST_URL is set, from that URL (fetched
// with a timeout and cached, content when it fails). Each broadcast is checked with the provider's
// embed check (GET, OK on 200) under the same timeout and cached. A learner never waits for any of it:
// `snapshot()` answers from the cache at once and starts a refresh in the background when the cache
// is stale; streams not yet checked are `checking` and the page asks again.
import { frameOrigins, type ServerConfig } from '../config';
import type { StreamStatus, StreamsSnapshot, StreamView } from '../../shared/api/streams';
import { loadStreams, streamListSchema, type StreamContent } from './centre-content';

type Fetch = (url: string, init: { signal: AbortSignal }) => Promise<Response>;

const ORDER: Record<StreamStatus, number> = { available: 0, checking: 1, unavailable: 2 };

/** How many checks run at once, so a long list does not open hundreds of connections. */
const PARALLEL_CHECKS = 6;

export class StreamsService {
  private content: StreamContent[] | null = null;
  private list: { items: StreamContent[]; at: number } | null = null;
  private checks = new Map<string, { ok: boolean; at: number }>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly config: ServerConfig,
    private readonly fetcher: Fetch = (url, init) => fetch(url, init),
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
    for (let i = 0; i < links.length; i += PARALLEL_CHECKS) {
      await Promise.all(links.slice(i, i + PARALLEL_CHECKS).map((link) => this.check(link)));
    }
  }

  private async loadList(): Promise<StreamContent[]> {
    const url = this.config.ZHOL_STREAMS_LIST_URL;
    if (!url) return this.contentStreams();
    if (this.list && this.fresh(this.list.at)) return this.list.items;
    try {
      const res = await this.fetcher(url, { signal: AbortSignal.timeout(this.config.ZHOL_STREAM_CHECK_TIMEOUT_MS) });
      if (res.status !== 200) throw new Error(`answered ${res.status}`);
      const body: unknown = await res.json();
      const parsed = streamListSchema.safeParse(
        body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body,
      );
      if (!parsed.success) throw new Error(`not a stream list: ${parsed.error.issues[0]?.message}`);
      this.list = { items: parsed.data, at: this.clock() };
    } catch (error) {
      // The list service is down or slow: keep the last good list, else content; try again after the TTL.
      console.warn(
        `[streams] the list at ZHOL_STREAMS_LIST_URL failed (${describe(error)}); using the last good list or content`,
      );
      this.list = { items: this.list?.items ?? this.contentStreams(), at: this.clock() };
    }
    return this.list.items;
  }

  private async check(link: string): Promise<void> {
    const url = this.config.ZHOL_STREAM_CHECK_URL.replace('{url}', encodeURIComponent(link));
    let ok = false;
    try {
      const res = await this.fetcher(url, { signal: AbortSignal.timeout(this.config.ZHOL_STREAM_CHECK_TIMEOUT_MS) });
      ok = res.status === 200;
      // Only the status matters; let the connection go.
      await res.body?.cancel().catch(() => {});
    } catch {
      ok = false;
    }
    this.checks.set(link, { ok, at: this.clock() });
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.name === 'TimeoutError' ? 'timed out' : error.message;
  return String(error);
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
