import { useCallback, useEffect, useRef, useState, type ReactElement } from 'react';
import { UNSAVED_TEXT as T } from '../../i18n/es/unsaved';
import { ConfirmDialog } from '../ConfirmDialog';
import { registerLeaveGuard } from './leaveGuards';

export interface UnsavedChangesOptions {
  /** Something typed would be lost; a function is read at the moment of leaving (state that changes outside React). */
  dirty: boolean | (() => boolean);
  /** Tries to save before another page opens (asked only when that fails); true when nothing is left unsaved. */
  saveFirst?: () => Promise<boolean>;
  /** Whether closing or reloading the tab asks (default: dirty). */
  warnOnUnload?: boolean;
}

export interface UnsavedChanges {
  /** Runs `leave` (closing a dialog, 'Cancelar') at once when nothing would be lost, else after the user agrees. */
  confirm: (leave: () => void) => void;
  /** The question: render it with the form. */
  prompt: ReactElement;
}

/**
 * Nothing typed is lost without asking: another page (the app's LeaveGuardHost blocks the move), the tab closed or
 * reloaded (the browser's own question), and a dialog closed with Escape, the backdrop or 'Cancelar' (`confirm`).
 */
export function useUnsavedChanges({ dirty, saveFirst, warnOnUnload }: UnsavedChangesOptions): UnsavedChanges {
  const dirtyNow = typeof dirty === 'function' ? dirty() : dirty;
  const live = useRef({ dirty, saveFirst });
  useEffect(() => {
    live.current = { dirty, saveFirst };
  });
  const isDirty = useCallback(() => {
    const d = live.current.dirty;
    return typeof d === 'function' ? d() : d;
  }, []);

  const [asking, setAsking] = useState(false);
  const answer = useRef<((leave: boolean) => void) | null>(null);
  const ask = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        answer.current?.(false);
        answer.current = resolve;
        setAsking(true);
      }),
    [],
  );
  const reply = (leave: boolean) => {
    setAsking(false);
    answer.current?.(leave);
    answer.current = null;
  };

  useEffect(() => {
    // Its cleanup is what the registration answers: the guard goes with the page.
    return registerLeaveGuard({
      isDirty,
      saveFirst: () => live.current.saveFirst?.() ?? Promise.resolve(!isDirty()),
      ask,
    });
  }, [isDirty, ask]);
  // Gone while asking (its page closed it): nothing is left to protect.
  useEffect(() => () => answer.current?.(true), []);

  const warn = warnOnUnload ?? dirtyNow;
  useEffect(() => {
    if (!warn) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [warn]);

  const confirm = useCallback(
    (leave: () => void) => {
      if (!isDirty()) return leave();
      void ask().then((yes) => yes && leave());
    },
    [isDirty, ask],
  );

  const prompt = (
    <ConfirmDialog
      id="unsaved-changes"
      open={asking}
      title={T.title}
      action={{ label: T.leave, color: 'error' }}
      cancelLabel={T.stay}
      onCancel={() => reply(false)}
      onConfirm={() => reply(true)}
    >
      {T.text}
    </ConfirmDialog>
  );
  return { confirm, prompt };
}
