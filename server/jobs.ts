// Background work of a running server (DESIGN.md §2: from the database, safe on several instances):
// each job runs on its interval, never overlapping itself, and stops when the app closes. Every job
// is idempotent and claims its rows in the database, so instances running the same job at once do
// the work once. Tests call the jobs' functions directly instead of waiting for timers.
import type { FastifyInstance } from 'fastify';

export interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

export function scheduleJobs(app: FastifyInstance, jobs: readonly Job[]): void {
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        const result = await job.run();
        app.log.debug({ job: job.name, result }, 'job done');
      } catch (error) {
        app.log.error({ err: error, job: job.name }, 'job failed; it runs again at its next interval');
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void tick(), job.everyMs);
    timer.unref();
    return timer;
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
  });
}
