import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '../i18n/i18n.ts';
import { dismissAllToasts } from '../ui/toasts.ts';

// Two test workers share the 2-core machine, busier still when something else runs beside them: an answer may take
// far longer than Testing Library's 1 s default (a back-test result drawn in 0.75 s alone took over 10 s while the
// integration layer, a second Vitest and compilers shared the cores). A limit for a screen that never shows it, not a
// speed target: such a screen still fails.
configure({ asyncUtilTimeout: 30_000 });

// Each component test starts as a fresh page would: nothing rendered, no stored session or language, no toast, the
// real fetch back in place.
// React's warnings about list keys mean rows that may swap or vanish for the user: such a warning fails the test.
const keyWarnings: string[] = [];
const reportError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  const text = args.map(String).join(' ');
  if (/same key|unique "key" prop/.test(text)) keyWarnings.push(text.slice(0, 300));
  reportError(...args);
};

afterEach(() => {
  const warnings = keyWarnings.splice(0);
  if (warnings.length > 0) throw new Error(`React warned about list keys:\n${warnings.join('\n')}`);
  cleanup();
  dismissAllToasts();
  localStorage.clear();
  vi.unstubAllGlobals();
});
