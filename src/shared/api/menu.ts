// The menu call's item (GET /rest/v1/domain/online/menu, and the page call's `menu`): the site's
// navigation as src/config/navigation.ts builds it.
import type { Locale } from '../../i18n/locales';

export interface NavLink {
  label: Record<Locale, string>;
  /** Path under /{locale}/, or an absolute URL when `external` (`{lang}` becomes the provider's code). */
  path: string;
  icon: string;
  external?: boolean;
  /** A heading that groups children and links nowhere. */
  passive?: boolean;
  children?: NavLink[];
  expanded?: boolean;
}
