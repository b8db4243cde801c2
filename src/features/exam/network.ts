// Whether the browser says it is online (navigator.onLine and its online/offline events). The mock exam
// needs the network, so its start is disabled while this is false; going online sends unsent answers.
import { atom, onMount } from 'nanostores';

const onLineNow = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export const $online = atom(onLineNow());

onMount($online, () => {
  if (typeof window === 'undefined') return;
  const update = () => $online.set(onLineNow());
  update();
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
});
