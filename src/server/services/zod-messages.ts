// One plain wording for every zod problem an operator meets in a bank file or bank.yaml (instead of
// zod's "Invalid input: expected number, received array"). Passed per parse (`{ error: plainError }`),
// never set globally, so the API's own validation keeps its messages. Messages a schema sets itself
// win over these.
import type { z } from 'zod';

const article = (word: string) => (/^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`);

/** What a value is, in words: "a list of 2 items", "the number 3", "nothing". */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (value instanceof Date) return `the date ${value.toISOString().slice(0, 10)}`;
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return `${value}`;
  if (typeof value === 'string') return `the text "${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  return 'a group of fields';
}

const expectedNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date',
  record: 'a group of fields',
};

export function plainError(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'missing';
      const expected = expectedNames[issue.expected] ?? issue.expected;
      return `must be ${expected === 'text' ? 'text' : expected}, not ${describeValue(issue.input)}`;
    }
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? 'must not be empty' : `must be at least ${issue.minimum} characters`;
      if (issue.origin === 'array')
        return `needs at least ${issue.minimum} item${Number(issue.minimum) === 1 ? '' : 's'}`;
      return `must be ${issue.minimum} or more`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
      if (issue.origin === 'array') return `may have at most ${issue.maximum} items`;
      return `must be ${issue.maximum} or less`;
    case 'invalid_value':
      return `must be ${issue.values.length === 1 ? JSON.stringify(issue.values[0]) : `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`}, not ${describeValue(issue.input)}`;
    case 'invalid_format':
      return `is not ${article(issue.format)} in the expected form`;
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length === 1 ? '' : 's'} ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return `is not in a form this field takes (${describeValue(issue.input)})`;
    default:
      return undefined;
  }
}
