import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { friendlyParse, trilingualText } from './friendly-parse';

describe('friendlyParse', () => {
  const schema = z.object({ name: trilingualText, count: z.number().int() });

  it('returns the parsed value', () => {
    const value = { name: { ru: 'а', kz: 'ә', en: 'a' }, count: 2 };
    expect(friendlyParse(schema, value, 'Bad')).toEqual(value);
  });

  it('lists every problem with its path under the heading, naming the file when given', () => {
    const input = { name: { ru: 'а', kz: '', en: 'a', de: 'x' }, count: 1.5 };
    expect(() => friendlyParse(schema, input, 'Invalid content', 'themes.yaml')).toThrow(
      /^Invalid content:\n {2}themes\.yaml at name\.kz: .+\n {2}themes\.yaml at name: .*de.*\n {2}themes\.yaml at count: /,
    );
    expect(() => friendlyParse(z.array(z.string()), 'x', 'Bad list')).toThrow(/^Bad list:\n {2}\(root\): /);
  });
});
