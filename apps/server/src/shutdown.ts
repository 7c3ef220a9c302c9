/**
 * How a process stops without losing work. From the first moment of a stop signal readiness
 * answers 503 (a load balancer drains the process first); then the process closes what holds
 * connections open (the hooks: event streams), stops accepting, finishes its requests in flight
 * and its running jobs within SHUTDOWN_TIMEOUT_SECONDS, closes its pools and exits.
 */
export interface Shutdown {
  /** True from the first moment of a stop signal. */
  readonly stopping: boolean;
  /**
   * Adds work to do first when the process stops: an open event stream closes here (with its
   * reconnect hint), since the HTTP server waits for every response still open.
   */
  onShutdown(hook: () => Promise<void> | void): void;
  /** Marks the process as stopping; answers false if it already was. */
  begin(): boolean;
  /** Runs the hooks, each once; one that fails does not keep the others from running. */
  runHooks(): Promise<void>;
}

export function createShutdown(): Shutdown {
  let stopping = false;
  const hooks: (() => Promise<void> | void)[] = [];
  return {
    get stopping() {
      return stopping;
    },
    onShutdown(hook) {
      hooks.push(hook);
    },
    begin() {
      if (stopping) return false;
      stopping = true;
      return true;
    },
    async runHooks() {
      const pending = hooks.splice(0);
      await Promise.allSettled(pending.map(async (hook) => hook()));
    },
  };
}

/** Time left before a deadline, for the steps of a stop that take a time-out. */
export interface Deadline {
  remainingMs(): number;
  /** Resolves when the deadline passes (never rejects); a timer that keeps no process alive. */
  passed: Promise<void>;
}

function deadlineIn(ms: number): Deadline {
  const end = Date.now() + ms;
  const passed = new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
  return { remainingMs: () => Math.max(0, end - Date.now()), passed };
}

export interface StopOnSignalsOptions {
  shutdown: Shutdown;
  timeoutSeconds: number;
  log: { info(message: string): void; warn(message: string): void; error(message: string): void };
  /** Stops the process's work; a step that takes a time-out takes the deadline's remainder. */
  stop(deadline: Deadline): Promise<void>;
  /** Ends what is still running once the time-out has passed (connections, jobs). */
  force?(): Promise<void> | void;
  exit?(code: number): void;
}

/**
 * On the first SIGTERM or SIGINT: marks the process as stopping, then runs `stop`. Exits 0 once
 * it has finished; past the time-out, `force` ends what still runs, and the process exits 1 if
 * even that does not let `stop` finish soon after.
 */
export function stopOnSignals(options: StopOnSignalsOptions) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const timeoutMs = options.timeoutSeconds * 1000;
  const onSignal = (signal: string) => {
    if (!options.shutdown.begin()) return;
    options.log.info(`${signal} received, stopping (up to ${options.timeoutSeconds} s)`);
    const deadline = deadlineIn(timeoutMs);
    void deadline.passed.then(async () => {
      options.log.warn(
        `Still stopping after ${options.timeoutSeconds} s: ending the remaining work.`,
      );
      await options.force?.();
      setTimeout(() => {
        options.log.error('Could not stop cleanly: exiting.');
        exit(1);
      }, 5000).unref();
    });
    options.stop(deadline).then(
      () => {
        options.log.info('Stopped.');
        exit(0);
      },
      (error: unknown) => {
        options.log.error(`Stopping failed: ${error instanceof Error ? error.message : error}`);
        exit(1);
      },
    );
  };
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));
}
