import { afterEach } from 'vitest';

// Every test starts with empty browser storage: the components' tests, and a logic test that asked for jsdom on its
// first line (the others have none).
afterEach(() => {
  if (typeof localStorage === 'undefined') return;
  localStorage.clear();
  sessionStorage.clear();
});
