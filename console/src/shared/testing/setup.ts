import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '../i18n/i18n.ts';
import { dismissAllToasts } from '../ui/toasts.ts';

// The 2-core machine runs the unit tests in parallel: an answer may take longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5_000 });

// Each component test starts as a fresh page would: nothing rendered, no stored session or language, no toast, the
// real fetch back in place.
afterEach(() => {
  cleanup();
  dismissAllToasts();
  localStorage.clear();
  vi.unstubAllGlobals();
});
