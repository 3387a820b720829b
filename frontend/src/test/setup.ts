import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait up to 5 s: a first render that loads lazy modules (the charts) takes over 1 s while the
// backend and browser suites share the machine's two cores.
configure({ asyncUtilTimeout: 5000 });

// Registered after the storage clearing (setup-each.ts, the setup file before this one), so it runs before it
// (after-hooks run in reverse): unmount, then clear.
afterEach(() => cleanup());
