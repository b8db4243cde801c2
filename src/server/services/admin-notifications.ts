// The operator's notification command (scripts/admin.ts): one learner or every learner.
import { sql } from 'kysely';
import type { NotificationColor } from '../../shared/api/notifications';
import { AdminError, learnerOrFail, type Db } from './admin-learners';
import { CONTROL_CHARACTER } from './learners';

export const COLORS: readonly NotificationColor[] = ['info', 'danger', 'success', 'warning', 'secondary'];

export const NOTIFICATION_LANGS = ['ru', 'kz', 'en'] as const;
export type NotificationLang = (typeof NOTIFICATION_LANGS)[number];

export interface NotifyInput {
  login?: string | undefined;
  all?: boolean | undefined;
  /** The default title and text: shown to learners whose language has none of its own. */
  title: string;
  text: string;
  /** Titles and texts in particular languages (`--title-kz`…); any may be left out. */
  titles?: Partial<Record<NotificationLang, string | undefined>> | undefined;
  texts?: Partial<Record<NotificationLang, string | undefined>> | undefined;
  color?: string | undefined;
  web?: string | undefined;
}

function checkTitle(raw: string, option: string): string {
  const title = raw.trim();
  if (!title || title.length > 300 || CONTROL_CHARACTER.test(title))
    throw new AdminError(`The title${option} must be 1–300 characters on one line.`);
  return title;
}

function checkText(raw: string, option: string): string {
  const text = raw.trim();
  if (!text) throw new AdminError(`The text${option} must not be empty.`);
  if (text.length > 10_000) throw new AdminError(`The text${option} must have at most 10,000 characters.`);
  return text;
}

/**
 * Sends a notification to one learner or to every learner who is not blocked; returns how many got it.
 * Both go as ONE `insert … select` over learners: the database copies the row to each recipient itself,
 * so 100,000 learners cost one statement, not 100,000 rows built and sent from here.
 */
export async function sendNotification(db: Db, input: NotifyInput, now = new Date()): Promise<number> {
  const hasLogin = input.login !== undefined && input.login.trim() !== '';
  if (hasLogin === !!input.all)
    throw new AdminError('Send to one learner (--login) or to all (--all), not both or neither.');
  const title = checkTitle(input.title, '');
  const text = checkText(input.text, '');
  const own: Record<string, string | null> = {};
  for (const lang of NOTIFICATION_LANGS) {
    const t = input.titles?.[lang];
    const x = input.texts?.[lang];
    own[`title_${lang}`] = t === undefined ? null : checkTitle(t, ` (--title-${lang})`);
    own[`text_${lang}`] = x === undefined ? null : checkText(x, ` (--text-${lang})`);
  }
  const color = input.color?.trim().toLowerCase() || 'info';
  if (!COLORS.includes(color as NotificationColor))
    throw new AdminError(`The colour "${input.color}" is unknown; use one of ${COLORS.join(', ')}.`);
  let web: string | null = null;
  if (input.web !== undefined && input.web.trim() !== '') {
    let url: URL | null = null;
    try {
      url = new URL(input.web.trim());
    } catch {
      /* reported below */
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
      throw new AdminError(`"${input.web}" is not a web link (http:// or https://).`);
    }
    web = url.href;
    if (web.length > 2000) throw new AdminError('The web link must have at most 2,000 characters.');
  }
  const learnerId = hasLogin ? (await learnerOrFail(db, input.login!)).id : null;
  const at = now.toISOString();
  // Typed casts: PostgreSQL cannot infer a bare parameter's type in a select list.
  const str = (value: string | null, type: 'varchar(300)' | 'varchar(2000)' | 'varchar(30)' | 'varchar(20)' | 'text') =>
    sql<string | null>`cast(${value} as ${sql.raw(type)})`;
  const columns = [
    'learner_id',
    'title',
    'text',
    ...NOTIFICATION_LANGS.flatMap((l) => [`title_${l}`, `text_${l}`] as const),
    'color',
    'web',
    'created_at',
  ] as const;
  const result = await db
    .insertInto('notifications')
    .columns(columns)
    .expression((eb) =>
      eb
        .selectFrom('learners')
        .select([
          'learners.id as learner_id',
          str(title, 'varchar(300)').as('title'),
          str(text, 'text').as('text'),
          ...NOTIFICATION_LANGS.flatMap((l) => [
            str(own[`title_${l}`] ?? null, 'varchar(300)').as(`title_${l}`),
            str(own[`text_${l}`] ?? null, 'text').as(`text_${l}`),
          ]),
          str(color, 'varchar(20)').as('color'),
          str(web, 'varchar(2000)').as('web'),
          str(at, 'varchar(30)').as('created_at'),
        ])
        .$if(learnerId !== null, (q) => q.where('learners.id', '=', learnerId!))
        .$if(learnerId === null, (q) => q.where('learners.blocked', '=', 0)),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
