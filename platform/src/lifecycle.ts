interface Logger {
  info(message: string): void;
  error(object: object, message: string): void;
}

/**
 * Waits for SIGINT or SIGTERM, then runs `shutdown` (stop taking work, finish in-flight requests, close adapters).
 * A second signal, or `timeoutMs` without finishing, exits at once.
 */
export function runUntilSignalled(shutdown: () => Promise<unknown>, timeoutMs: number, log: Logger): Promise<void> {
  return new Promise((resolve) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        log.info(`${signal} again: exiting now`);
        process.exit(130);
      }
      stopping = true;
      log.info(`${signal} received: shutting down`);
      const timer = setTimeout(() => {
        log.error({ timeoutMs }, 'shutdown timed out: exiting');
        process.exit(1);
      }, timeoutMs);
      timer.unref();
      shutdown()
        .then(() => log.info('stopped cleanly'))
        .catch((error: unknown) => log.error({ err: error }, 'error while shutting down'))
        .finally(() => {
          clearTimeout(timer);
          resolve();
        });
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}
