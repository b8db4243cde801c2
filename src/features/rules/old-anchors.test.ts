// Links made before the official numbering land where they meant; a place the page has is never moved.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { editionAnchors, loadRules } from '../../server/services/rules-content';
import { oldAnchorTarget } from './old-anchors';

const map = JSON.parse(readFileSync('content/rules/old-anchors.json', 'utf8')) as {
  anchors: Record<string, string>;
  paragraphs: Record<string, string>;
};

describe('old anchors', () => {
  it('maps an old anchor the page lacks, and nothing the page has', () => {
    const page = new Set(['p87s7', 'sign-5-16-1', 'p24']);
    const exists = (id: string) => page.has(id);
    const m = { 'p50-7': 'p87s7', 'a1-5-19-1': 'sign-5-16-1', p24: 'p99' };
    expect(oldAnchorTarget('#a1-5-19-1', m, exists)).toBe('sign-5-16-1');
    expect(oldAnchorTarget('#p50-7', m, exists)).toBe('p87s7');
    // #p24 is the official paragraph 24 now: it stays.
    expect(oldAnchorTarget('#p24', m, exists)).toBeNull();
    expect(oldAnchorTarget('#nowhere', m, exists)).toBeNull();
    expect(oldAnchorTarget('', m, exists)).toBeNull();
    // A malformed fragment is no anchor, and must not throw (the page's search binds after this).
    expect(oldAnchorTarget('#100%', m, exists)).toBeNull();
    expect(oldAnchorTarget('#%D0', m, exists)).toBeNull();
  });

  it('points every old anchor at a place of the study edition', () => {
    const places = new Set(editionAnchors(loadRules('content/rules').ru));
    const all = { ...map.anchors, ...map.paragraphs };
    expect(Object.keys(all).length).toBeGreaterThan(400);
    expect(Object.entries(all).filter(([, to]) => !places.has(to))).toEqual([]);
    // Old subparagraph and annex anchors are never new ones, so the page can apply them all.
    expect(Object.keys(map.anchors).filter((k) => places.has(k))).toEqual([]);
  });
});
