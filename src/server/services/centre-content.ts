// The exam-centre pages' content: content/school/school.yaml (the school page, read at build time)
// and content/streams.yaml (the stream page's broadcasts, read by the streams service).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { friendlyParse, trilingualText as text3 } from '../../shared/friendly-parse';
import { environmentConfig } from '../config';

const webUrl = z.url({ protocol: /^https?$/ });

export const streamSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'ids use letters, digits, _ and -'),
    centre: text3,
    city: text3,
    /** The broadcast's own page. */
    link: webUrl,
    /** The player to frame when the provider says the broadcast can be embedded. */
    embed: webUrl.optional(),
  })
  .strict();
export const streamListSchema = z.array(streamSchema).max(500);
export type StreamContent = z.infer<typeof streamSchema>;

const schoolSchema = z
  .object({
    title: text3,
    intro: text3,
    offers: z.array(text3).min(1),
    enrol: z.array(text3).min(1),
    contacts: z.object({ address: text3, phone: z.string().min(1), email: z.string().min(3), hours: text3 }).strict(),
  })
  .strict();
export type SchoolContent = z.infer<typeof schoolSchema>;

function readChecked<T>(path: string, schema: z.ZodType<T>): T {
  return friendlyParse(schema, parse(readFileSync(path, 'utf8')), `${path} is not valid`);
}

export function loadSchool(dir = environmentConfig().ZHOL_CONTENT_DIR): SchoolContent {
  return readChecked(join(dir, 'school', 'school.yaml'), schoolSchema);
}

export function loadStreams(dir = environmentConfig().ZHOL_CONTENT_DIR): StreamContent[] {
  return readChecked(join(dir, 'streams.yaml'), streamListSchema);
}
