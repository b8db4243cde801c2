// What a learner typed, or the browser's password manager filled in, before an island hydrated: React
// leaves a server-rendered field's text on screen at hydration but starts its state from the initial
// value, so a form read from state would be sent empty while its fields look filled. Adopted once mounted.
import { useEffect, useRef, type RefObject } from 'react';

export function useEarlyInput(adopt: (value: string) => void): RefObject<HTMLInputElement | null> {
  const ref = useRef<HTMLInputElement>(null);
  // Once, at hydration: later text arrives through onChange.
  useEffect(() => {
    const early = ref.current?.value;
    if (early) adopt(early);
  }, []);
  return ref;
}
