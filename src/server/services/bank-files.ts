// Reading the files of a question bank (bank files and bank.yaml) with the line of every problem:
// YAML through the yaml package's document (which keeps positions), JSON reported in JSON terms.
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { LineCounter, parseDocument, isMap, isNode, isScalar, isSeq, type Document } from 'yaml';

export interface BankProblem {
  file: string;
  line: number | null;
  message: string;
}
export type Path = (string | number)[];

export interface ParsedFile {
  data: unknown;
  /** The line of a field's key (or a list item); a missing field falls back to its nearest parent. */
  lineOf: (path: Path) => number | null;
  /** Problems that stop the file being read at all (syntax, emptiness); data is then null. */
  problems: BankProblem[];
}

function lineIn(doc: Document, counter: LineCounter, path: Path): number | null {
  for (let i = path.length; i > 0; i--) {
    const parent = doc.getIn(path.slice(0, i - 1), true);
    const last = path[i - 1];
    const node = isMap(parent)
      ? parent.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === last)?.key
      : isSeq(parent) && typeof last === 'number'
        ? parent.items[last]
        : undefined;
    if (isNode(node) && node.range) return counter.linePos(node.range[0]).line;
  }
  return isNode(doc.contents) && doc.contents.range ? counter.linePos(doc.contents.range[0]).line : null;
}

/** Line and column (1-based) of a character offset. */
function position(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, col: before.at(-1)!.length + 1 };
}

/** Reads a YAML or JSON file (JSON by its .json name); an empty file is a problem at line 1. */
export function parseBankFile(file: string, what = 'a bank file'): ParsedFile {
  const text = readFileSync(file, 'utf8');
  const none = (line: number | null, message: string): ParsedFile => ({
    data: null,
    lineOf: () => line,
    problems: [{ file, line, message }],
  });
  if (!text.replace(/^\uFEFF/, '').trim() || /^\s*(#.*)?(\n\s*(#.*)?)*$/.test(text))
    return none(1, `the file is empty; ${what} starts with its fields`);
  if (extname(file).toLowerCase() === '.json') {
    try {
      JSON.parse(text);
    } catch (error) {
      // V8 names the offset ("… in JSON at position 45 (line 3 column 5)"); say it as line and column.
      const message = (error as Error).message;
      const at = /position (\d+)/.exec(message);
      const where = at ? position(text, Number(at[1])) : null;
      const reason = message.replace(/\s*in JSON at position \d+.*$/, '').replace(/^JSON\.parse: /, '');
      return none(
        where?.line ?? null,
        `not valid JSON${where ? ` at line ${where.line}, column ${where.col}` : ''}: ${reason}`,
      );
    }
  }
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  if (doc.errors.length) {
    return {
      data: null,
      lineOf: () => null,
      problems: doc.errors.map((e) => {
        const { line, col } = counter.linePos(e.pos[0]);
        return {
          file,
          line,
          message: `not valid YAML at line ${line}, column ${col}: ${e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
        };
      }),
    };
  }
  return { data: doc.toJS(), lineOf: (path) => lineIn(doc, counter, path), problems: [] };
}
