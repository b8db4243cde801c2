// The operator sets which licence categories an autodrome examines (issue 22): `npm run admin --
// autodrome-categories CODE B,BE` (or `unknown`). The value lives in content/autodromes/autodromes.yaml,
// because the public page is built from the content: the command edits that file (comments and the
// order of the other keys kept), then the caller syncs the database. Bad input changes nothing.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isMap, isScalar, isSeq, parseDocument, type YAMLMap } from 'yaml';
import { AdminError } from './admin-learners';
import { flattenQualifications, loadContent } from './content';

const FILE = 'autodromes/autodromes.yaml';
/** What the operator types for "not known": the page then names no category for the autodrome. */
export const UNKNOWN_CATEGORIES = 'unknown';

export interface CategoriesChange {
  code: string;
  before: string[] | null;
  after: string[] | null;
  file: string;
}

/** The list as typed ("B,BE", "b, be") checked against the qualifications; null for `unknown`. */
export function parseCategoryList(text: string, known: string[]): string[] | null {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === UNKNOWN_CATEGORIES) return null;
  const list = trimmed.split(',').map((c) => c.trim().toUpperCase());
  if (list.some((c) => !c))
    throw new AdminError(
      `"${text}" is not a list of categories: give codes separated by commas, like B,BE (or ${UNKNOWN_CATEGORIES}).`,
    );
  const bad = list.filter((c) => !known.includes(c));
  if (bad.length)
    throw new AdminError(
      `Unknown categor${bad.length === 1 ? 'y' : 'ies'} ${bad.join(', ')}: the categories are ${known.join(', ')} (content/qualifications.yaml), or ${UNKNOWN_CATEGORIES}. Nothing was changed.`,
    );
  if (new Set(list).size !== list.length)
    throw new AdminError(`"${text}" names a category twice. Nothing was changed.`);
  // In the order of qualifications.yaml, so the page lists them the same way everywhere.
  return known.filter((c) => list.includes(c));
}

/** Writes the autodrome's categories into the content file; throws AdminError (nothing written) on bad input. */
export function setAutodromeCategories(contentDir: string, code: string, list: string): CategoriesChange {
  const content = loadContent(contentDir);
  const known = flattenQualifications(content.qualifications).map((q) => q.code);
  const current = content.autodromes.find((a) => a.code === code);
  if (!current)
    throw new AdminError(
      `No autodrome "${code}": the codes are ${content.autodromes.map((a) => a.code).join(', ')}. Nothing was changed.`,
    );
  const after = parseCategoryList(list, known);
  const path = join(contentDir, FILE);
  const doc = parseDocument(readFileSync(path, 'utf8'));
  const items = doc.contents;
  const found = isSeq(items) ? items.items.find((i) => isMap(i) && (i.get('code') as unknown) === code) : undefined;
  if (!isMap(found)) throw new AdminError(`${FILE}: cannot find the entry of ${code}. Nothing was changed.`);
  const item = found as YAMLMap<unknown, unknown>;
  if (after) {
    const node = doc.createNode(after, { flow: true });
    // A new key goes after the city, where editors write it.
    if (item.has('categories')) item.set('categories', node);
    else {
      const at = item.items.findIndex((p) => isScalar(p.key) && p.key.value === 'city');
      item.items.splice(at + 1, 0, doc.createPair('categories', node));
    }
  } else item.delete('categories');
  // Beside the file, then renamed over it: a reader never sees half a file.
  const temp = `${path}.tmp-${process.pid}`;
  writeFileSync(temp, doc.toString({ lineWidth: 0 }));
  renameSync(temp, path);
  return { code, before: current.categories ?? null, after, file: path };
}
