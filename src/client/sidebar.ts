// The sidebar: always shown from 1140 px up; below, an off-canvas panel that opens with the
// header toggle or a swipe and closes on a hide-sidebar event, a click in the content, or widening.
import { atom } from 'nanostores';

export const SIDEBAR_BREAKPOINT = 1140;
export const SWIPE_THRESHOLD = 50;
export const HIDE_SIDEBAR_EVENT = 'hide-sidebar';

export const $sidebarOpen = atom(false);

export function toggleSidebar(): void {
  $sidebarOpen.set(!$sidebarOpen.get());
}
export function closeSidebar(): void {
  if ($sidebarOpen.get()) $sidebarOpen.set(false);
}
export function openSidebar(): void {
  if (!$sidebarOpen.get()) $sidebarOpen.set(true);
}

/** What a horizontal swipe means: open (right), close (left), or nothing (short or vertical). */
export function swipeAction(dx: number, dy: number, threshold = SWIPE_THRESHOLD): 'open' | 'close' | null {
  if (Math.abs(dx) < threshold || Math.abs(dy) > Math.abs(dx)) return null;
  return dx > 0 ? 'open' : 'close';
}
