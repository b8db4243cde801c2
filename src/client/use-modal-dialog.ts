// A <dialog> shown as a modal while `open` is true: the one home of the show/close effect the
// islands' dialogs share. The element that had focus before opening is remembered, so a dialog that
// wants to can hand focus back (returnFocus) when it closes.
import { useCallback, useEffect, useRef } from 'react';

export function useModalDialog(open: boolean, onOpen?: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      onOpen?.();
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
    // onOpen runs when the dialog opens, not when the caller's function changes identity.
  }, [open]);
  const returnFocus = useCallback(() => (opener.current as HTMLElement | null)?.focus?.(), []);
  return { ref, returnFocus };
}
