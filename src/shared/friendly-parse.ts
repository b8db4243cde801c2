// One way to check a file or the environment with zod and say what is wrong: every problem on its own
// line, with where it is, under one heading, so a typo stops the build or start-up readably instead
// of half-loading. Used by the server and site settings and by every content loader.
import { z } from 'zod';

/** Text in the three languages, none of them empty: every trilingual field of content/. */
export const trilingualText = z
  .object({ ru: z.string().min(1), kz: z.string().min(1), en: z.string().min(1) })
  .strict();
export type TrilingualText = z.infer<typeof trilingualText>;

/**
 * The parsed value, or an Error whose message is `heading:` and one line per problem,
 * "  <path>: <message>" (with `file`, "  <file> at <path>: <message>").
 */
export function friendlyParse<T>(schema: z.ZodType<T>, input: unknown, heading: string, file?: string): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (i) => `  ${file ? `${file} at ` : ''}${i.path.join('.') || '(root)'}: ${i.message}`,
  );
  throw new Error(`${heading}:\n${lines.join('\n')}`);
}
