// Pure helpers of the autodrome page, shared by the static view (at build time) and the island.

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

/** The autodrome's categories as the filter knows them (B, BE, C, CE). */
export const categoryFilter = ['B', 'BE', 'C', 'CE'] as const;
