import { beforeEach } from 'vitest';
import { platformErrorMark, platformErrorsSince } from './platform-errors.ts';

// A failing test's error carries the errors its platforms logged while it ran, right under its first line: the
// test summary shows an error's first lines only, and a CI run's cause must be readable there.
beforeEach((context) => {
  const mark = platformErrorMark();
  context.onTestFailed(({ task }) => {
    const logged = platformErrorsSince(mark);
    if (logged.length === 0) return;
    const told = `\nthe platform logged while the test ran:\n${logged.map((line) => `  ${line}`).join('\n')}`;
    for (const error of task.result?.errors ?? []) {
      const message = error.message ?? '';
      if (error.stack?.includes(message)) error.stack = error.stack.replace(message, `${message}${told}`);
      error.message = `${message}${told}`;
    }
  });
});
