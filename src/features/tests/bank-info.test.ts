import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBankInfo, readBankInfo } from './bank-info';

const yaml = `version: "2025.11"
changelog:
  - version: "2025.11"
    date: 2025-11-20
    text:
      ru: Первая редакция
      kz: Алғашқы редакция
      en: First edition
  - version: "2025.09"
    text: { ru: Только по-русски }
`;

describe('the question base line on the tests page', () => {
  it('reads the version and the changelog in the page language', () => {
    expect(parseBankInfo(yaml, 'en')).toEqual({
      version: '2025.11',
      changes: [{ version: '2025.11', date: '2025-11-20', text: 'First edition' }, { version: '2025.09', date: null, text: 'Только по-русски' }],
    });
    expect(parseBankInfo(yaml, 'kz')!.changes[0]!.text).toBe('Алғашқы редакция');
    expect(parseBankInfo(yaml, 'en', 1)!.changes).toHaveLength(1);
  });
  it('gives nothing for a file without a version or one that is not YAML', () => {
    expect(parseBankInfo('changelog: []', 'ru')).toBeNull();
    expect(parseBankInfo('version: [', 'ru')).toBeNull();
    expect(parseBankInfo('', 'ru')).toBeNull();
  });
  it('reads the real file when it exists and nothing when it does not', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zhol-bank-'));
    writeFileSync(join(dir, 'bank.yaml'), yaml);
    expect(readBankInfo('ru', join(dir, 'bank.yaml'))!.version).toBe('2025.11');
    expect(readBankInfo('ru', join(dir, 'missing.yaml'))).toBeNull();
  });
});
