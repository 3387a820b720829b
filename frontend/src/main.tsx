// First: it asks for the app before the modules below are set up.
import { isDoor, loadApp } from './appLoader';
import type { AuthUser } from '@consulta/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginDoor } from './public/login/LoginDoor';

const root = createRoot(document.getElementById('root')!);

/** The whole app (router, MUI, the shells' routes), at `path` if given. */
async function enterApp(path?: string, options?: { replace?: boolean; signedIn?: AuthUser }) {
  let App;
  try {
    ({ App } = await loadApp());
  } catch (error) {
    // The app's script could not be loaded: from the door, the browser loads the page itself.
    if (path) window.location[options?.replace ? 'replace' : 'assign'](path);
    throw error;
  }
  if (path) window.history[options?.replace ? 'replaceState' : 'pushState'](null, '', path);
  root.render(
    <StrictMode>
      <App signedIn={options?.signedIn} />
    </StrictMode>,
  );
}

// A signed-out visit to /login gets the light door: React and the sign-in screen only (decisions/frontend.md, 'The
// light door'). Everything else, a signed-in /login included, gets the app.
if (isDoor) {
  root.render(
    <StrictMode>
      <LoginDoor enterApp={enterApp} preloadApp={() => void loadApp().catch(() => undefined)} />
    </StrictMode>,
  );
} else {
  void enterApp();
}
