// The house rules of src/ (DESIGN §2 as docs/architecture.md states it): imports point down the layers,
// no module imports itself round a cycle, no file outgrows 450 lines, and global.css stays the shell's.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const src = join(root, 'src');
const SOURCE = /\.(ts|tsx|mts|astro)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const files = walk(src);
const sources = files.filter((f) => SOURCE.test(f));
const known = new Set(files);

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** Relative imports of a file (static, side-effect, dynamic and re-exports), resolved to files under src/. */
function importsOf(file: string): Edge[] {
  const text = readFileSync(file, 'utf8');
  const edges: Edge[] = [];
  const pattern =
    /(?:^|[\s;>])(import|export)\s+(type\s+)?(?:[\w*{}\s,$]*?\s+from\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  for (const m of text.matchAll(pattern)) {
    const spec = m[3] ?? m[4]!;
    const target = resolveSpec(dirname(file), spec);
    if (target) edges.push({ from: file, to: target, typeOnly: Boolean(m[2]) });
  }
  return edges;
}

function resolveSpec(dir: string, spec: string): string | undefined {
  const base = resolve(dir, spec);
  const candidates = [base, ...['.ts', '.tsx', '.mts', '.astro', '.json', '.css'].map((e) => base + e)];
  candidates.push(...['index.ts', 'index.tsx'].map((i) => join(base, i)));
  return candidates.find((c) => known.has(c));
}

/** The layer of a file: its first folder under src/. */
const layerOf = (file: string) => relative(src, file).split('/')[0]!;

// What each layer may import besides itself. Lower layers never reach up: i18n and shared are the
// framework-free foundation (they may use each other, the cycle test keeps files from going round), config is read at build time, server and client are the two halves that only share
// what lies below them; components, features, layouts and pages build on all of that.
const MAY_IMPORT: Record<string, string[]> = {
  i18n: ['shared'],
  shared: ['i18n'],
  config: ['shared', 'i18n'],
  server: ['shared', 'i18n', 'config'],
  client: ['shared', 'i18n', 'config'],
  // The service worker (issue 23) runs in its own global scope: it shares names with the page only through shared/.
  sw: ['shared', 'i18n'],
  components: ['shared', 'i18n', 'config', 'client', 'styles'],
  features: ['shared', 'i18n', 'config', 'client', 'components', 'server', 'styles'],
  layouts: ['shared', 'i18n', 'config', 'client', 'components', 'features', 'server', 'styles'],
  pages: ['shared', 'i18n', 'config', 'client', 'components', 'features', 'layouts', 'server', 'styles'],
  styles: [],
};

const edges = sources.flatMap(importsOf);

describe('the layers of src/', () => {
  it('knows every top-level folder', () => {
    const layers = new Set(files.map(layerOf).filter((l) => !/\.\w+$/.test(l)));
    expect([...layers].filter((l) => !(l in MAY_IMPORT))).toEqual([]);
  });

  it('has no import that points up a layer', () => {
    const upward = edges
      .filter((e) => layerOf(e.from) !== layerOf(e.to) && !MAY_IMPORT[layerOf(e.from)]?.includes(layerOf(e.to)))
      .map((e) => `${relative(src, e.from)} → ${relative(src, e.to)}`);
    expect(upward).toEqual([]);
  });

  it('lets a feature reach the server only for types, or at build time from an .astro view', () => {
    // An island that imported server code would ship it (and its secrets' readers) to the browser.
    const leaking = edges
      .filter((e) => layerOf(e.from) === 'features' && layerOf(e.to) === 'server')
      .filter((e) => !e.typeOnly && !e.from.endsWith('.astro') && !e.from.endsWith('.test.ts'))
      .map((e) => `${relative(src, e.from)} → ${relative(src, e.to)}`);
    expect(leaking).toEqual([]);
  });

  it('has no import cycle', () => {
    // Tarjan's strongly connected components over value imports (a type-only import is erased).
    const graph = new Map<string, string[]>();
    for (const e of edges) if (!e.typeOnly) graph.set(e.from, [...(graph.get(e.from) ?? []), e.to]);
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    let next = 0;
    const visit = (v: string) => {
      index.set(v, next);
      low.set(v, next++);
      stack.push(v);
      onStack.add(v);
      for (const w of graph.get(v) ?? []) {
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(relative(src, w));
        } while (w !== v);
        if (component.length > 1) cycles.push(component.sort());
      }
    };
    for (const v of sources) if (!index.has(v)) visit(v);
    expect(cycles).toEqual([]);
  });
});

/** Lines as `wc -l` counts them (a final newline ends the last line, it does not start another). */
function lineCount(file: string): number {
  const text = readFileSync(file, 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

describe('the size of src/ files', () => {
  it('keeps every file at 450 lines or fewer', () => {
    const long = files
      .map((f) => ({ file: relative(src, f), lines: lineCount(f) }))
      .filter((f) => f.lines > 450)
      .map((f) => `${f.file}: ${f.lines}`);
    expect(long).toEqual([]);
  });

  it('keeps the global styles to tokens and the shell, each file under 400 lines', () => {
    // global.css is the index of the shell's parts; a feature's CSS lives beside its view.
    const global = readFileSync(join(src, 'styles/global.css'), 'utf8');
    expect(
      global
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .trim()
        .split(/\n+/)
        .every((l) => l.startsWith('@import')),
    ).toBe(true);
    const styles = files.filter((f) => f.startsWith(join(src, 'styles')) && f.endsWith('.css'));
    expect(styles.filter((f) => lineCount(f) >= 400).map((f) => relative(src, f))).toEqual([]);
  });
});
