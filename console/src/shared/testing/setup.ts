import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '../i18n/i18n.ts';
import { dismissAllToasts } from '../ui/toasts.ts';

// Each component test starts as a fresh page would: nothing rendered, no stored session or language, no toast, the
// real fetch back in place.
afterEach(() => {
  cleanup();
  dismissAllToasts();
  localStorage.clear();
  vi.unstubAllGlobals();
});
