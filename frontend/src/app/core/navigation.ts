/**
 * Lets code outside React (the fetch wrapper) move the router. The app registers the router's navigate
 * function once mounted; before that, or in tests, the browser location is used.
 */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
type Navigator = (to: string, options?: NavigateOptions) => void;

let navigator: Navigator | null = null;

export function registerNavigator(fn: Navigator | null): void {
  navigator = fn;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  if (navigator) navigator(to, options);
  else window.location.assign(to);
}

export const currentPath = (): string => window.location.pathname;

export const currentLocation = (): string => `${window.location.pathname}${window.location.search}${window.location.hash}`;
