// Dead interface text: every message key is used somewhere in src/ (or by the server's error keys),
// either literally or through a key built from a literal prefix (`exam.mode.${mode}`). A key nobody
// reads only has to be translated three times and kept true for nothing.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseKeys, messages } from '../../src/i18n/messages';

const src = resolve(import.meta.dirname, '../../src');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path.endsWith('i18n/messages') ? [] : walk(path);
    return /\.(ts|tsx|astro|mjs)$/.test(name) ? [path] : [];
  });
}

const code = walk(src)
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');

// Keys built at run time: the literal text before the first `${` of a template, and whole namespaces
// handed to an island by pickTexts(locale, ['ns', …]) are not enough on their own (the island reads
// each key), so only template prefixes count.
const prefixes = [
  ...[...code.matchAll(/`([a-zA-Z]+(?:\.[a-zA-Z0-9]+)*\.)\$\{/g)].map((m) => m[1]!),
  // Families whose prefix itself is chosen at run time: ResultCard reads `${demo ? 'demo' : 'exam'}.result.…`,
  // HomeBlocks `${prefix}.title` with prefix 'home.tests' | 'home.autodrome'.
  'demo.result.',
  'home.tests.',
  'home.autodrome.',
];

function used(key: string): boolean {
  if (code.includes(`'${key}'`) || code.includes(`"${key}"`) || code.includes(`\`${key}\``)) return true;
  return prefixes.some((p) => key.startsWith(p));
}

describe('the message files', () => {
  it('hold no key that nothing reads', () => {
    const unused = [...baseKeys(messages.ru)].filter((key) => !used(key)).sort();
    expect(unused).toEqual([]);
  });
});
