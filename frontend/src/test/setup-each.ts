import { afterEach, vi } from 'vitest';
import { resetPublicConfig } from '../app/core/publicConfig';
import { resetToasts } from '../components/toast/toastStore';

// Test files share their worker's modules and globals (`isolate: false`): every test starts with none of the state
// an earlier test (in this file or another) left behind: browser storage, toasts, the cached /config, stubbed globals,
// fake timers.
afterEach(() => {
  resetToasts();
  resetPublicConfig();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  if (typeof localStorage === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
});
