import { useNotificationContext, useTakeUndoableMutation, useTranslate, type NotificationType } from 'ra-core';
import { useEffect } from 'react';
import { TOKEN_EXPIRED_MESSAGE } from '../app/core/http';
import { toast, type ToastVariant } from '../components/toast/toastStore';

const VARIANTS: Record<NotificationType, ToastVariant> = {
  success: 'success',
  info: 'info',
  warning: 'warning',
  error: 'error',
};

/**
 * Replaces react-admin's snackbar: every notify() goes to the app's one toast stack (top-right, 4 s, errors until
 * closed, at most 2). Undoable mutations are committed at once (the app uses no undo).
 */
export function NotificationBridge() {
  const { notifications, resetNotifications } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();

  useEffect(() => {
    if (notifications.length === 0) return;
    for (const n of notifications) {
      const options = n.notificationOptions ?? {};
      if (options.undoable) takeMutation()?.({ isUndo: false });
      if (typeof n.message !== 'string') continue;
      // The fetch wrapper already said 'Sesión expirada'.
      if (n.message === TOKEN_EXPIRED_MESSAGE) continue;
      const title = translate(n.message, { _: n.message, ...(options.messageArgs ?? {}) });
      toast({
        title,
        variant: VARIANTS[n.type] ?? 'info',
        duration: typeof options.autoHideDuration === 'number' ? options.autoHideDuration : undefined,
      });
    }
    resetNotifications();
  }, [notifications, resetNotifications, takeMutation, translate]);

  return null;
}
