// Server settings from the environment, parsed once by one zod schema (DESIGN §10).
import { z } from 'zod';
import { DEFAULT_BOOKING_URL } from '../config/booking';
import { friendlyParse } from '../shared/friendly-parse';
import { STARTS_PER_HOUR } from './services/exam/start-limits';

const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const origin = z.string().regex(/^https?:\/\/[^\s/]+$/, 'each must be an origin like https://booking.example.kz');

const schema = z.object({
  /** Where the server listens. */
  HOST: z.string().trim().min(1).default('localhost'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(1)
    .max(65535)
    .default(4321),
  /** Extra origins the CSP lets pages frame (the booking and stream pages), separated by spaces. */
  ZHOL_FRAME_SOURCES: z
    .string()
    .default('')
    .transform((v) => v.split(/\s+/).filter(Boolean))
    .pipe(z.array(origin)),
  /** The exam sign-up page the booking page frames (read at build too: keep the two equal). */
  ZHOL_BOOKING_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_BOOKING_URL),
  /** A JSON list of streams ({centre, city, link, embed}) fetched instead of content/streams.yaml; unset: content. */
  ZHOL_STREAMS_LIST_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(''),
  /** The embeddability check per stream: `{url}` becomes the stream's link; 200 means it can be embedded. */
  ZHOL_STREAM_CHECK_URL: z
    .string()
    .regex(/^https?:\/\/\S+\{url\}/, 'must be an http(s) URL containing {url}')
    .default('https://www.youtube.com/oembed?format=json&url={url}'),
  /** Origins the stream players are embedded from (frame-src); a stream whose embed is elsewhere is a link. */
  ZHOL_STREAM_EMBED_ORIGINS: z
    .string()
    .default('https://www.youtube-nocookie.com')
    .transform((v) => v.split(/\s+/).filter(Boolean))
    .pipe(z.array(origin)),
  /** Milliseconds one stream check (or the list fetch) may take before it counts as failed. */
  ZHOL_STREAM_CHECK_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100)
    .max(60_000)
    .default(3_000),
  /** Seconds the stream list and its checks are reused before they are refreshed in the background. */
  ZHOL_STREAM_CACHE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int()
    .min(1)
    .max(86_400)
    .default(600),
  /**
   * Hosts the stream list and the embed checks may reach on a private or loopback address (a provider on
   * this machine or the local network), separated by spaces or commas: `host:port`, or `host` for any
   * port. Every other host must resolve to public addresses only.
   */
  ZHOL_STREAMS_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .toLowerCase()
        .split(/[\s,]+/)
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/, 'each must be a host or host:port, like 127.0.0.1:4456'),
      ),
    ),
  /**
   * Page-view reports one visitor (an address, behind ZHOL_TRUST_PROXY the client's) may send in a
   * minute; past it the counter answers 429 until the next minute.
   */
  ZHOL_PAGE_VIEW_POSTS_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .min(10)
    .max(1_000_000)
    .default(120),
  /**
   * New tests one learner may start in an hour (services/exam/start-limits.ts); past it the start
   * answers 429 with Retry-After. Raised only where one account stands for many (the browser suite).
   */
  ZHOL_TEST_STARTS_PER_HOUR: z.coerce
    .number({ error: 'must be a whole number' })
    .int()
    .min(1)
    .max(1_000_000)
    .default(STARTS_PER_HOUR),
  ZHOL_CONTENT_DIR: z.string().min(1).default('content'),
  ZHOL_MEDIA_DIR: z.string().min(1).default('data/media'),
  /** Where `npm run rules:import` writes the official text of the Rules, and the build reads it. */
  ZHOL_RULES_OFFICIAL_DIR: z.string().min(1).default('data/rules'),
  /** Unset: SQLite at data/zhol.db; `file:<path>`: SQLite there; `postgres://…`: PostgreSQL. */
  DATABASE_URL: z
    .string()
    .default('file:data/zhol.db')
    .refine(
      (v) => v.startsWith('file:') || /^postgres(ql)?:\/\//.test(v) || v === ':memory:',
      'must be file:<path>, :memory: or postgres://…',
    ),
  /** PostgreSQL: milliseconds to wait for a connection before answering 503. */
  ZHOL_DB_CONNECT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100)
    .max(600_000)
    .default(5_000),
  /** PostgreSQL: milliseconds a statement may run (the server cancels it; the client stops waiting 1 s later). */
  ZHOL_DB_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100)
    .max(3_600_000)
    .default(10_000),
  ZHOL_DEMO: flag.default(false),
  /** Minutes a session may sit unused before it expires. */
  ZHOL_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(60 * 24 * 90)
    .default(60 * 24 * 14),
  /** Trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy. */
  ZHOL_TRUST_PROXY: flag.default(false),
});

export type ServerConfig = z.infer<typeof schema>;

export function parseServerConfig(env: Record<string, string | undefined>): ServerConfig {
  return friendlyParse(schema, env, 'Invalid Zhol server configuration');
}

/**
 * The configuration of this process's environment, parsed at each call: for code with no config at
 * hand (a build-time page, a media lookup), so folders and their defaults are still read one way.
 * Tests change the environment between cases, so nothing is kept.
 */
export function environmentConfig(): ServerConfig {
  return parseServerConfig(process.env);
}

/**
 * Everything the CSP lets pages frame, exactly: the booking page's origin, the stream players'
 * origins and the extra ZHOL_FRAME_SOURCES.
 */
export function frameOrigins(config: ServerConfig): string[] {
  return [
    ...new Set([
      new URL(config.ZHOL_BOOKING_URL).origin,
      ...config.ZHOL_STREAM_EMBED_ORIGINS,
      ...config.ZHOL_FRAME_SOURCES,
    ]),
  ];
}

const FOLDERS = ['ZHOL_CONTENT_DIR', 'ZHOL_MEDIA_DIR', 'ZHOL_RULES_OFFICIAL_DIR'] as const;

/**
 * The folders alone (content, media, the official Rules), parsed by the same schema: for what reads
 * them without a running server (the build, the command-line tools), which must not fail on a
 * setting they do not use.
 */
export function serverFolders(
  env: Record<string, string | undefined> = process.env,
): Pick<ServerConfig, (typeof FOLDERS)[number]> {
  const config = parseServerConfig(Object.fromEntries(FOLDERS.map((key) => [key, env[key]])));
  return Object.fromEntries(FOLDERS.map((key) => [key, config[key]])) as Pick<ServerConfig, (typeof FOLDERS)[number]>;
}
