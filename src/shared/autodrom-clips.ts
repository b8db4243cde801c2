// Where an autodrome exercise's clip and its tracks live (the contract of issue 22: the renderer
// writes public/media/autodrom/<exercise>.mp4, .jpg, .<locale>.vtt and .chapters.<locale>.vtt from
// content/autodromes/videos/<exercise>.yaml). The static page and the learner's API both name them here.
import { localeCodes, type Locale } from '../i18n/locales';

export interface ClipTracks {
  /** Captions per language, the page's language shown by default. */
  captions: Record<Locale, string>;
  chapters: Record<Locale, string>;
}

export interface AutodromClip extends ClipTracks {
  mp4: string;
  poster: string;
}

export function autodromClip(exercise: string): AutodromClip {
  const base = `/media/autodrom/${exercise}`;
  const per = (suffix: string) =>
    Object.fromEntries(localeCodes.map((l) => [l, `${base}.${suffix}${l}.vtt`])) as Record<Locale, string>;
  return { mp4: `${base}.mp4`, poster: `${base}.jpg`, captions: per(''), chapters: per('chapters.') };
}
