import { getToken } from './app/core/session';

/** Whether this page load gets the light /login door: a signed-out visit to /login (decisions/frontend.md). */
export const isDoor = /^\/login\/?$/.test(window.location.pathname) && !getToken();

/** The whole app's module: the router, MUI, the shells' routes. */
export const loadApp = () => import('./app/App');

// Every page but the door asks for the app at once, while the entry's own modules (React DOM) are still being set up.
if (!isDoor) void loadApp().catch(() => undefined);
