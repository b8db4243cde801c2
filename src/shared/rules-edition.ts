/** The amending order the study edition (content/rules) was last checked against: Order No. 534 as
 *  amended up to Order No. 305 of 27.04.2026. A test holds it equal to the official text in shared/. */
export const RULES_EDITION = { number: '305', date: '2026-04-27' } as const;
