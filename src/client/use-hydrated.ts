// False for the first render in the browser (which must match the server's HTML), true after.
// Islands whose content depends on browser state (the user, saved settings) render their server
// output until then, so React hydrates without a mismatch, also after a client-side navigation.
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
