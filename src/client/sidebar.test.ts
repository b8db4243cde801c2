import { beforeEach, describe, expect, it } from 'vitest';
import { $sidebarOpen, closeSidebar, openSidebar, SWIPE_THRESHOLD, swipeAction, toggleSidebar } from './sidebar';

describe('sidebar store', () => {
  beforeEach(() => {
    $sidebarOpen.set(false);
  });

  it('starts closed', () => {
    expect($sidebarOpen.get()).toBe(false);
  });

  it('toggles', () => {
    toggleSidebar();
    expect($sidebarOpen.get()).toBe(true);
    toggleSidebar();
    expect($sidebarOpen.get()).toBe(false);
  });

  it('opens and closes, and repeating either changes nothing', () => {
    openSidebar();
    openSidebar();
    expect($sidebarOpen.get()).toBe(true);
    closeSidebar();
    closeSidebar();
    expect($sidebarOpen.get()).toBe(false);
  });

  it('notifies listeners only on a real change', () => {
    const seen: boolean[] = [];
    const unlisten = $sidebarOpen.listen((v) => seen.push(v));
    closeSidebar();
    openSidebar();
    openSidebar();
    toggleSidebar();
    closeSidebar();
    unlisten();
    expect(seen).toEqual([true, false]);
  });
});

describe('swipeAction', () => {
  it('needs at least 50 px sideways', () => {
    expect(SWIPE_THRESHOLD).toBe(50);
    expect(swipeAction(49, 0)).toBeNull();
    expect(swipeAction(-49, 0)).toBeNull();
    expect(swipeAction(50, 0)).toBe('open');
    expect(swipeAction(-50, 0)).toBe('close');
    expect(swipeAction(-60, 10)).toBe('close');
    expect(swipeAction(0, 0)).toBeNull();
  });

  it('opens on a swipe right and closes on a swipe left', () => {
    expect(swipeAction(120, -30)).toBe('open');
    expect(swipeAction(-120, 30)).toBe('close');
  });

  it('ignores mostly vertical movement', () => {
    expect(swipeAction(60, 61)).toBeNull();
    expect(swipeAction(-60, -200)).toBeNull();
    expect(swipeAction(60, 60)).toBe('open');
  });

  it('takes another threshold', () => {
    expect(swipeAction(79, 0, 80)).toBeNull();
    expect(swipeAction(80, 0, 80)).toBe('open');
  });
});
