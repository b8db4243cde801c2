// Line icons drawn for Zhol on a 24×24 grid (stroke, currentColor). One place so every component
// draws the same glyph and a missing name is caught in one spot.
export const icons: Record<string, string> = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-5.5h3V20h5V9.5',
  tests: 'M9 4h6v3H9zM7 5.5H5V21h14V5.5h-2M8.5 12.5l2 2 4-4.5M8.5 17.5h7',
  stats: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  lessons: 'M3 5h18v12H3zM10 8.5v5.5l4.5-2.75zM8 21h8',
  autodrom:
    'M5 17h14l-1.5-6.5A2 2 0 0 0 15.6 9H8.4a2 2 0 0 0-1.9 1.5zM7 17v2.5M17 17v2.5M4 13h2M18 13h2M8.5 14h.01M15.5 14h.01',
  simulator: 'M3 5h18v11H3zM9 20h6M12 16v4M8 12.5a4 4 0 0 1 8 0',
  school: 'M2 9 12 4l10 5-10 5zM6 11v5c3 2.5 9 2.5 12 0v-5M22 9v6',
  rules: 'M4 4.5A1.5 1.5 0 0 1 5.5 3H20v15H5.5A1.5 1.5 0 0 0 4 19.5zM4 19.5A1.5 1.5 0 0 0 5.5 21H20v-3M8 7.5h8M8 11h6',
  centre: 'M3 21h18M5 21V8l7-5 7 5v13M9 21v-6h6v6M10 10.5h4',
  stream: 'M2 7h14v10H2zM16 10.5 22 7v10l-6-3.5',
  booking: 'M4 5h16v16H4zM4 10h16M8 3v4M16 3v4M8.5 15l2 2 4.5-4.5',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
  menu: 'M4 7h16M4 12h16M4 17h16',
  close: 'M6 6l12 12M18 6 6 18',
  sun: 'M12 8a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  logout: 'M10 4H5v16h5M15 8l4 4-4 4M19 12H9',
  login: 'M14 4h5v16h-5M10 8l4 4-4 4M14 12H4',
  chevron: 'M8 10l4 4 4-4',
  globe:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
  settings:
    'M12 9a3 3 0 1 1 0 6 3 3 0 0 1 0-6zM19.4 13.5l1.6 1.2-2 3.4-1.9-.7a7 7 0 0 1-2.1 1.2L14.6 21h-4l-.4-2.4a7 7 0 0 1-2.1-1.2l-1.9.7-2-3.4 1.6-1.2a7 7 0 0 1 0-3l-1.6-1.2 2-3.4 1.9.7a7 7 0 0 1 2.1-1.2L10.6 3h4l.4 2.4a7 7 0 0 1 2.1 1.2l1.9-.7 2 3.4-1.6 1.2a7 7 0 0 1 0 3z',
  warning: 'M12 3 2 20h20zM12 10v4.5M12 17.5h.01',
  info: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 11v5.5M12 7.5h.01',
  check: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM8 12.5l3 3 5-6',
  error: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9 9l6 6M15 9l-6 6',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20.5a2 2 0 0 0 4 0',
  message: 'M3 6h18v12H3zM3.5 6.5l8.5 6.5 8.5-6.5',
  plus: 'M12 5v14M5 12h14',
  minus: 'M5 12h14',
};

/** The path of an icon; logs the spec's message once per missing name instead of failing a page. */
export function iconPath(name: string): string | undefined {
  const path = icons[name];
  if (!path) console.warn(`Could not find one or more icon(s): ${name}`);
  return path;
}
