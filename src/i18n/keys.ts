// Message keys as types, derived from the reference (ru) dictionary: a key that is not in the
// message files does not compile (`t('nav.hom')`, `texts['exam.eror']`), and neither does a
// dynamic key whose parts can make one that is not (`texts[`exam.mode.${mode}` as const]`).
import type ru from './messages/ru';

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** Every key as written in the files, plural forms (`ui.questions_one`) included. */
export type MessageFileKey = keyof typeof ru & string;

/**
 * The keys with plural forms, by their base (`ui.questions`): what `plural` takes. Every plural has
 * an `_other` form (messages.ts checks), and matching that suffix keeps underscores inside a base.
 */
export type PluralKey = MessageFileKey extends infer K ? (K extends `${infer Base}_other` ? Base : never) : never;

/** What a lookup names: a plain key, or a plural by its base. */
export type MessageKey = Exclude<MessageFileKey, `${PluralKey}_${PluralForm}`> | PluralKey;
