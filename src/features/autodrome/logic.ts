// Pure helpers of the autodrome page, shared by the static view (at build time) and the island.
import { localeCodes, locales, type Locale } from '../../i18n/locales';
import type { ClipTracks } from '../../shared/autodrom-clips';

/** The autodrome id in `?id=`: a positive whole number within int4, else null (a bad id shows the promo). */
export function autodromeIdFrom(search: string): number | null {
  const raw = new URLSearchParams(search).get('id');
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2 ** 31 - 1 ? id : null;
}

/** Items grouped by city in first-seen order (content lists the autodromes in the order to show). */
export function groupByCity<T extends { city: string }>(items: T[]): { city: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.city, [...(groups.get(item.city) ?? []), item]);
  return [...groups].map(([city, list]) => ({ city, items: list }));
}

/** The lesson to open first: the first not yet watched, else the first. */
export function firstLessonToWatch<L extends { id: number; viewed: boolean }>(
  sections: { lessons: L[] }[],
): L | undefined {
  const lessons = sections.flatMap((s) => s.lessons);
  return lessons.find((l) => !l.viewed) ?? lessons[0];
}

/**
 * The categories the filter offers: those at least one autodrome is known to examine, in the order of
 * qualifications.yaml. Empty while no autodrome has known categories, and then the filter is not shown
 * (it could only hide autodromes for want of data).
 */
export function categoryFilter(autodromes: { categories?: string[] | null | undefined }[], order: string[]): string[] {
  const known = new Set(autodromes.flatMap((a) => a.categories ?? []));
  return order.filter((c) => known.has(c));
}

export interface TrackAttrs {
  kind: 'captions' | 'chapters';
  src: string;
  srclang: string;
  label: string;
  default: boolean;
}

/** A clip's <track>s: captions in every language, the page's own first and on by default; its chapters. */
export function clipTracks(tracks: ClipTracks, locale: Locale): TrackAttrs[] {
  const order = [locale, ...localeCodes.filter((l) => l !== locale)];
  return [
    ...order.map((l) => ({
      kind: 'captions' as const,
      src: tracks.captions[l],
      srclang: locales[l].lang,
      label: locales[l].name,
      default: l === locale,
    })),
    {
      kind: 'chapters' as const,
      src: tracks.chapters[locale],
      srclang: locales[locale].lang,
      label: locales[locale].name,
      default: false,
    },
  ];
}
