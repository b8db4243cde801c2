// The official text of the Rules (shared/sources/rules beside the repository, as CI lays it out, or
// ZHOL_RULES_SOURCE_DIR): the authority the study edition, the importer and the bank are tested against.
// It is not copied into the repository; a run without it fails and says where it looked.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const officialDir = resolve(process.env.ZHOL_RULES_SOURCE_DIR ?? join('..', 'shared', 'sources', 'rules'));
export const officialTxt = join(officialDir, 'pdd-rk-ru-order534.txt');
const officialJsonFile = join(officialDir, 'pdd-rk-ru-order534.json');

if (!existsSync(officialTxt) || !existsSync(officialJsonFile))
  throw new Error(
    `The official text of the Rules is not at ${officialDir} (pdd-rk-ru-order534.txt and .json). ` +
      'Lay shared/ beside the repository, as CI does, or set ZHOL_RULES_SOURCE_DIR.',
  );

export interface OfficialJsonParagraph {
  n: string;
  text: string;
  sub?: { n: string; text: string }[];
}
export interface OfficialJson {
  rules: { chapter: number; title: string; paragraphs: OfficialJsonParagraph[] }[];
  annex1_signs: { code: string; name: string }[];
  annex2_markings: { codes: string; text: string }[];
  basic_provisions: { paragraphs: OfficialJsonParagraph[] }[];
  faults_list: { chapter: number; title: string; paragraphs: OfficialJsonParagraph[] }[];
}

export const officialJson = JSON.parse(readFileSync(officialJsonFile, 'utf8')) as OfficialJson;
export const officialSource = () => readFileSync(officialTxt, 'utf8');

/** The official paragraph n (with its subparagraphs) of the Rules, of the Basic provisions, or a fault item. */
export const officialParagraphs = new Map(
  officialJson.rules.flatMap((c) => c.paragraphs.map((p) => [p.n, p] as const)),
);
