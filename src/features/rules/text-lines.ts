/** A text's lines as paragraphs: a block scalar's blank lines (or the official text's line breaks) part them. */
export const textLines = (text: string): string[] => text.split(/\n+/).filter((l) => l.trim());
