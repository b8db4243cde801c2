// The files of a filmed lesson (admin course-video, admin-course-video.ts): WebVTT captions and
// chapters checked by the W3C parser (SubRip converted first), and ffprobe/ffmpeg to look at a video,
// transcode it to the course's format and take its poster. Every failure is an AdminError that says
// what is wrong with which file.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { pipeline } from 'node:stream/promises';
import { AdminError } from './admin-learners';

/** The course's format for a filmed lesson: H.264 (High, level 4.0) in yuv420p at most 1280×720 and
 *  30 frames a second, the video capped at 1.2 Mbit/s, AAC at 96 kbit/s: at most about 10 MB a
 *  minute, which a phone on mobile data streams without stalling. */
export const COURSE_VIDEO_FORMAT = {
  maxWidth: 1280,
  maxHeight: 720,
  maxFps: 30,
  videoKbps: 1200,
  audioKbps: 96,
} as const;

export type TrackKind = 'captions' | 'chapters';

// ---- WebVTT ------------------------------------------------------------------------------------

export interface VttCue {
  startTime: number;
  endTime: number;
}
interface VttParser {
  parse(input: string, mode?: 'chapters' | 'metadata'): { cues: VttCue[]; errors: { message: string; line: number }[] };
}
// webvtt-parser ships no types; this is the part of it used here.
const { WebVTTParser } = createRequire(import.meta.url)('webvtt-parser') as { WebVTTParser: new () => VttParser };

const SRT_TIME = /^(\d{1,2}:\d{2}:\d{2}),(\d{3})\s*-->\s*(\d{1,2}:\d{2}:\d{2}),(\d{3})(.*)$/;

/** SubRip text as WebVTT: the signature, and a full stop for the comma before the milliseconds.
 *  Numbers before the cues stay (they are valid cue identifiers). */
export function srtToVtt(srt: string): string {
  const lines = srt
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((line) => {
      const m = SRT_TIME.exec(line.trim());
      // Hours are two digits in WebVTT; SubRip writers sometimes give one.
      return m ? `${m[1]!.padStart(8, '0')}.${m[2]} --> ${m[3]!.padStart(8, '0')}.${m[4]}` : line;
    });
  return `WEBVTT\n\n${lines.join('\n')}`;
}

/**
 * A captions or chapters file as WebVTT text, checked by the W3C parser: every error it reports
 * (bad timestamps, cues out of order, a missing signature) is refused with its line. `what` names
 * the file in messages (the option and the path).
 */
export function checkTrack(raw: Buffer, kind: TrackKind, what: string): { vtt: string; cues: VttCue[] } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new AdminError(`${what} is not UTF-8 text: save it as UTF-8 (subtitle editors offer it) and try again.`);
  }
  const body = text.replace(/^\uFEFF/, '');
  const srt = !/^WEBVTT/.test(body) && /^\s*\d+\s*\r?\n\s*\d{1,2}:\d{2}:\d{2},\d{3}\s*-->/.test(body);
  const vtt = srt ? srtToVtt(body) : body;
  const parsed = new WebVTTParser().parse(vtt, kind === 'chapters' ? 'chapters' : undefined);
  const first = parsed.errors[0];
  if (first) {
    // Converted SubRip has two lines more (the signature and a blank line) than the operator's file.
    const line = srt ? first.line - 2 : first.line;
    throw new AdminError(
      `${what} is not valid ${srt ? 'SubRip (SRT)' : 'WebVTT'}: line ${line}: ${first.message}` +
        (parsed.errors.length > 1 ? ` (and ${parsed.errors.length - 1} more)` : ''),
    );
  }
  if (!parsed.cues.length) throw new AdminError(`${what} has no cues.`);
  return { vtt: srt ? vtt : text, cues: parsed.cues };
}

// ---- ffmpeg ------------------------------------------------------------------------------------

function run(command: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    execFile(command, args, { maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) => {
      // Without the program nothing about the file is known: say what to install instead.
      if ((error as NodeJS.ErrnoException | null)?.code === 'ENOENT')
        fail(new AdminError(`${command} was not found: install ffmpeg (Debian: apt-get install ffmpeg).`));
      else if (error) fail(Object.assign(error, { stderr: String(stderr) }));
      else done({ stdout: String(stdout), stderr: String(stderr) });
    });
  });
}
/** ffmpeg's last words, without its "[demuxer @ 0x…]" prefixes and the file's path. */
const lastLines = (text: string, file = '\0') =>
  text
    .trim()
    .split('\n')
    .slice(-3)
    .map((line) => line.replace(/^\[[^\]]* @ 0x[0-9a-f]+\]\s*/, '').replace(`${file}: `, ''))
    .join('; ')
    .slice(0, 500);

export interface Probe {
  duration: number;
  width: number;
  height: number;
  audio: { channels: number } | null;
}

/** ffprobe's view of a file: a moving picture (not a still image or cover art) and its length. */
export async function probe(ffprobe: string, file: string, what: string): Promise<Probe> {
  let json: {
    format?: { format_name?: string; duration?: string };
    streams?: {
      codec_type?: string;
      width?: number;
      height?: number;
      channels?: number;
      disposition?: { attached_pic?: number };
    }[];
  };
  try {
    const { stdout } = await run(ffprobe, [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      file,
    ]);
    json = JSON.parse(stdout);
  } catch (error) {
    if (error instanceof AdminError) throw error;
    const detail = lastLines((error as { stderr?: string }).stderr ?? '', file);
    throw new AdminError(`${what} is not a video ffmpeg can read${detail ? ` (ffprobe: ${detail})` : ''}.`);
  }
  const format = json.format?.format_name ?? '';
  const video = (json.streams ?? []).find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  // A picture renamed .mp4 probes as an image "format" with a one-frame video stream.
  if (/(^|,)(image2|[a-z0-9]+_pipe)(,|$)/.test(format))
    throw new AdminError(`${what} is a still picture (${format}), not a video.`);
  if (!video?.width || !video.height) throw new AdminError(`${what} has no video stream (${format || 'unknown'}).`);
  const duration = Number(json.format?.duration);
  if (!Number.isFinite(duration) || duration <= 0) throw new AdminError(`${what} has no length (no duration).`);
  const audio = (json.streams ?? []).find((s) => s.codec_type === 'audio');
  return {
    duration,
    width: video.width,
    height: video.height,
    audio: audio ? { channels: audio.channels ?? 2 } : null,
  };
}

export const clock = (seconds: number) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** The course's format (COURSE_VIDEO_FORMAT): scaled down to fit 1280×720 keeping its shape, never
 *  up; metadata (a phone's location, the camera) left out; the index at the front (+faststart) so
 *  playback starts before the whole file has arrived. */
export async function transcode(ffmpeg: string, input: string, output: string, audio: Probe['audio']): Promise<void> {
  const f = COURSE_VIDEO_FORMAT;
  const scale = `scale=w='min(${f.maxWidth},iw)':h='min(${f.maxHeight},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`;
  const args = [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-i',
    input,
    '-map',
    '0:v:0',
    ...(audio ? ['-map', '0:a:0'] : []),
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-vf',
    scale,
    '-fpsmax',
    String(f.maxFps),
    '-c:v',
    'libx264',
    '-preset',
    'medium',
    '-profile:v',
    'high',
    '-level:v',
    '4.0',
    '-pix_fmt',
    'yuv420p',
    '-crf',
    '23',
    '-maxrate',
    `${f.videoKbps}k`,
    '-bufsize',
    `${f.videoKbps * 2}k`,
    // A key frame at least every 2 s at 30 fps, so seeking lands close.
    '-g',
    '60',
    ...(audio ? ['-c:a', 'aac', '-b:a', `${f.audioKbps}k`, '-ac', String(Math.min(2, audio.channels))] : ['-an']),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    output,
  ];
  try {
    await run(ffmpeg, args);
  } catch (error) {
    if (error instanceof AdminError) throw error;
    throw new AdminError(
      `ffmpeg could not transcode the video: ${lastLines((error as { stderr?: string }).stderr ?? String(error))}`,
    );
  }
}

/** The poster: one frame a tenth of the way in (at most 10 s), past a fade from black. */
export async function poster(ffmpeg: string, video: string, duration: number, output: string): Promise<void> {
  const at = Math.min(10, duration / 10).toFixed(2);
  try {
    await run(ffmpeg, [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-ss',
      at,
      '-i',
      video,
      '-frames:v',
      '1',
      '-q:v',
      '3',
      output,
    ]);
  } catch (error) {
    if (error instanceof AdminError) throw error;
    throw new AdminError(`ffmpeg could not make the poster: ${lastLines((error as { stderr?: string }).stderr ?? '')}`);
  }
}

export async function sha(file: string): Promise<string> {
  const digest = createHash('sha256');
  await pipeline(createReadStream(file), digest);
  return digest.digest('base64url').slice(0, 22);
}
