// Background work of a running server (DESIGN.md §2: from the database, safe on several instances):
// a job runs on its interval, never overlapping itself, logs its failures and tries again at the next
// interval, and is stopped (and awaited) before the app closes. Each job is idempotent and claims its
// rows in the database, so instances running the same job at once do the work once. Tests call a
// job's `run()` (or the function behind it) instead of waiting for timers.

export interface Schedule {
  /** Starts the interval (the app does it once it is ready). */
  start(): void;
  /** Runs now, or joins the run in progress. */
  run(): Promise<void>;
  /** Stops the interval and waits for a run in progress. */
  stop(): Promise<void>;
}

export interface JobLog {
  error(obj: object, msg: string): void;
}

export function schedule(job: {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  log: JobLog;
}): Schedule {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () =>
    (running ??= job
      .run()
      .then(() => undefined)
      // A failed run is tried again at the next interval; it never takes the server down.
      .catch((error: unknown) => job.log.error({ err: error, job: job.name }, `${job.name} failed`))
      .finally(() => {
        running = undefined;
      }));
  return {
    start() {
      timer ??= setInterval(() => void run(), job.everyMs);
      // The schedule alone does not keep the process alive.
      timer.unref();
    },
    run,
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
