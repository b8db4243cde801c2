// Reading a WebVTT file's cues for the lesson page's transcript and chapter list (issue 22). The
// browser's own <track> parsing only starts once the video loads (preload="none" loads nothing before
// play), so the page reads the same file itself. This reads what our renderer and a well-formed
// operator file write (cue timings, text lines); checking a file strictly is webvtt-parser's job.

export interface Cue {
  /** Seconds. */
  start: number;
  end: number;
  text: string;
}

const TIME = /^(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{3})$/;

/** "01:02.500" or "00:01:02.500" as seconds; NaN when it is not a cue time. */
export function vttTime(s: string): number {
  const m = TIME.exec(s.trim());
  if (!m) return Number.NaN;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4]) / 1000;
}

/** The cues in file order, their text with tags (<v Name>, <b>…) removed and lines joined by a space. */
export function parseVtt(text: string): Cue[] {
  const cues: Cue[] = [];
  const blocks = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n');
    const at = lines.findIndex((l) => l.includes('-->'));
    if (at < 0) continue;
    const [from = '', rest = ''] = lines[at]!.split('-->');
    const start = vttTime(from);
    const end = vttTime(rest.trim().split(/\s+/)[0] ?? '');
    if (Number.isNaN(start) || Number.isNaN(end)) continue;
    const body = lines
      .slice(at + 1)
      .join(' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&nbsp;/g, ' ')
      .replace(/&amp;/g, '&')
      .trim();
    if (body) cues.push({ start, end, text: body });
  }
  return cues;
}

/** The cue showing at `time` (the last one started, while it lasts), or -1. */
export function cueAt(cues: readonly Cue[], time: number): number {
  for (let i = cues.length - 1; i >= 0; i--) if (cues[i]!.start <= time && time < cues[i]!.end) return i;
  return -1;
}
