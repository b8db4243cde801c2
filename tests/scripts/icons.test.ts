import { describe, expect, it } from 'vitest';
import { ICONS, renderIcon, staleIcons } from '../../scripts/make-icons.mjs';

describe('app icons (scripts/make-icons.mjs)', () => {
  it('are what their SVGs render to now (run node scripts/make-icons.mjs after changing one)', () => {
    expect(staleIcons()).toEqual([]);
  });

  it('render at the size each is named for', () => {
    for (const [, svg, size] of ICONS as [string, string, number][]) {
      const png: Buffer = renderIcon(`scripts/icons/${svg}`, size);
      // The PNG's IHDR: width and height, big-endian, at bytes 16 and 20.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
  });
});
