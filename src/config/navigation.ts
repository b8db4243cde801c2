// The sidebar's navigation, in the shape the menu call returns (label per locale, path, icon,
// external, passive, children, expanded). Static until the menu API replaces it.
import { localeCodes, type Locale } from '../i18n/locales';
import { messages, type MessageFileKey } from '../i18n/messages';
import type { NavLink } from '../shared/api/menu';
import { site } from './site';

export type { NavLink };

function label(key: MessageFileKey): Record<Locale, string> {
  return Object.fromEntries(localeCodes.map((l) => [l, messages[l][key]!])) as Record<Locale, string>;
}

export const navigation: NavLink[] = [
  { label: label('nav.home'), path: '', icon: 'home' },
  { label: label('nav.tests'), path: 'tests', icon: 'tests' },
  { label: label('nav.stats'), path: 'stats', icon: 'stats' },
  { label: label('nav.lessons'), path: 'lessons', icon: 'lessons' },
  { label: label('nav.autodrom'), path: 'autodrom', icon: 'autodrom' },
  { label: label('nav.simulator'), path: 'simulator', icon: 'simulator' },
  { label: label('nav.school'), path: 'school', icon: 'school' },
  { label: label('nav.rules'), path: 'rules', icon: 'rules' },
  { label: label('nav.readiness'), path: 'readiness', icon: 'info' },
  {
    label: label('nav.testingCentre'),
    path: '',
    icon: 'centre',
    passive: true,
    expanded: false,
    children: [
      { label: label('nav.stream'), path: 'stream', icon: 'stream' },
      { label: label('nav.booking'), path: 'booking', icon: 'booking' },
    ],
  },
  { label: label('nav.mainSite'), path: site.ZHOL_PROVIDER_SITE_URL, icon: 'external', external: true },
];

/** Bottom navigation on small screens; `education` entries need the education access flag. */
export const bottomNavigation = [
  { key: 'nav.home', path: '', icon: 'home' },
  { key: 'nav.tests', path: 'tests', icon: 'tests' },
  { key: 'nav.autodrom', path: 'autodrom', icon: 'autodrom' },
  { key: 'nav.lessons', path: 'lessons', icon: 'lessons', education: true },
] as const;

export { isActivePath, navHref } from './nav-paths';
