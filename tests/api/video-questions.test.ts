// The bank's video questions (issue 12): every clip is an H.264 MP4 (the one format every phone
// plays; older iPhones play no VP9 WebM), small, drawn by scripts/make-question-clips.sh from the
// question's own poster, which the runner shows instead with "pictures instead of videos".
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/server/services/content';
import { bankFiles, readBank } from '../../src/server/services/questions/read';

const videos = 'public/videos/questions';
const images = 'public/images/questions';

describe('video questions of the built-in bank', () => {
  const { questions, problems } = readBank(bankFiles('content/questions'), {
    themes: new Set(loadContent().themes.map((t) => t.code)),
  });
  const withVideo = questions.filter((q) => q.video);

  it('are at least 25, over the hazard themes', () => {
    expect(problems).toEqual([]);
    expect(withVideo.length).toBeGreaterThanOrEqual(25);
    expect(new Set(withVideo.map((q) => q.theme))).toEqual(
      new Set(['intersections', 'priority', 'pedestrians-railway', 'overtaking', 'signals', 'driver-duties']),
    );
  }, 60_000);

  it('each have a poster and an H.264 MP4 clip under 60 KB', () => {
    for (const q of withVideo) {
      expect(q.video, q.id).toMatch(/\.mp4$/);
      expect(q.image, q.id).toBeTruthy();
      expect(existsSync(join(images, q.image!)), q.image!).toBe(true);
      const bytes = readFileSync(join(videos, q.video!));
      expect(bytes.subarray(4, 8).toString('latin1'), q.video!).toBe('ftyp');
      expect(bytes.includes(Buffer.from('avc1')), `${q.video} is H.264`).toBe(true);
      expect(bytes.length, q.video!).toBeLessThan(60_000);
    }
  });

  it('are all made by scripts/make-question-clips.sh from their own poster, and no clip is left unused', () => {
    const script = readFileSync('scripts/make-question-clips.sh', 'utf8');
    const made = new Map([...script.matchAll(/^clip (\S+) (\S+) /gm)].map((m) => [`${m[1]}.mp4`, `${m[2]}.svg`]));
    for (const q of withVideo) expect(made.get(q.video!), q.id).toBe(q.image);
    const used = new Set(withVideo.map((q) => q.video));
    for (const file of readdirSync(videos)) {
      expect(used.has(file), `${file} is some question's video`).toBe(true);
      expect(statSync(join(videos, file)).size).toBeGreaterThan(0);
    }
  });
});
