import { toastError } from '../../components/toast/toastStore';
import { isTokenExpiredError, NETWORK_ERROR_MESSAGE, serverDetail, ApiError } from './http';

/** A screen's own toast for a failure: its title, and the description it shows instead of the server's (none if unset). */
export interface FailureToast {
  title: string;
  description?: string;
}

/**
 * The one way a failed call becomes a toast: the title is the screen's message for that action, the
 * description the server's `detail` when it sent one (or the connection message), unless the screen gives its own.
 * An expired session is not reported: the fetch wrapper has already said so and gone to /login.
 */
export function reportError(error: unknown, toast: string | FailureToast, duration?: number): void {
  if (isTokenExpiredError(error)) return;
  const { title, description } =
    typeof toast === 'string'
      ? {
          title: toast,
          description: serverDetail(error) ?? (error instanceof ApiError && error.status === 0 ? NETWORK_ERROR_MESSAGE : undefined),
        }
      : toast;
  toastError(title, description === title ? undefined : description, duration);
}
