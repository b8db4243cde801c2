// A locale's messages live in one JSON file per area (shell, exam, statistics…) so no file grows
// past the size a reader can hold; the app sees them merged into one flat dictionary.

/** A locale's area files: area name → flat dotted keys → text. */
export type AreaFiles = Record<string, Record<string, string>>;

/** The same area files, with the same keys, in another locale (the reference is ru). */
export type AreaFilesLike<A extends AreaFiles> = { [Area in keyof A]: Record<keyof A[Area], string> };

/** Every key of every area, as one flat dictionary type. */
export type Merged<A extends AreaFiles> = { [K in { [Area in keyof A]: keyof A[Area] }[keyof A]]: string };

/** One flat dictionary from the area files (messages.ts checks no key sits in two areas). */
export function dictionaryOf<A extends AreaFiles>(areas: A): Merged<A> {
  return Object.assign({}, ...Object.values(areas)) as Merged<A>;
}
