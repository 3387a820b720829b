import { toastError } from '../../components/toast/toastStore';
import { isTokenExpiredError, NETWORK_ERROR_MESSAGE, serverDetail, ApiError } from './http';

/**
 * The one way a failed call becomes a toast (spec 2 §8): the title is the screen's message for that action, the
 * description the server's `detail` when it sent one (or the connection message). An expired session is not
 * reported: the fetch wrapper has already said so and gone to /login.
 */
export function reportError(error: unknown, title: string, duration?: number): void {
  if (isTokenExpiredError(error)) return;
  const description = serverDetail(error) ?? (error instanceof ApiError && error.status === 0 ? NETWORK_ERROR_MESSAGE : undefined);
  toastError(title, description === title ? undefined : description, duration);
}
