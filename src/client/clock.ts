// The wall clock as a store: it ticks once a second only while something listens (a timer on
// screen), so an idle page runs no timer. Views read time from here, never from their own interval.
import { atom, onMount } from 'nanostores';

export const $now = atom(Date.now());

onMount($now, () => {
  const update = () => $now.set(Date.now());
  update();
  const timer = setInterval(update, 1000);
  // Timers are throttled in background tabs: catch up as soon as the page is visible again.
  const hasDocument = typeof document !== 'undefined';
  if (hasDocument) document.addEventListener('visibilitychange', update);
  return () => {
    clearInterval(timer);
    if (hasDocument) document.removeEventListener('visibilitychange', update);
  };
});
