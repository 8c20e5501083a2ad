// How a server command stops: the first SIGINT or SIGTERM closes what it runs and exits (0; 1 with a message when
// closing fails); a second signal of the same kind ends the process at once. The handlers are set before start-up,
// so a signal that comes while the server starts is kept and honoured once it is up.

export interface Stopper {
  /** What to close on a signal; a signal that came earlier closes it at once. */
  closeWith(close: () => Promise<void>): void;
}

/** Sets the handlers now; `name` starts the message when closing fails (e.g. `uptimectl service`). */
export function stopOnSignals(name: string): Stopper {
  let close: (() => Promise<void>) | null = null;
  let received: string | null = null;
  let stopping = false;
  const stop = () => {
    if (!close || !received || stopping) return;
    stopping = true;
    const signal = received;
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`${name}: error while stopping on ${signal}: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      received ??= signal;
      stop();
    });
  return {
    closeWith(c) {
      close = c;
      stop();
    },
  };
}
