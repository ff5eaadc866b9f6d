// Global setup of the api-* Vitest projects: says which backend the run uses and, for PostgreSQL,
// starts one throwaway cluster for the whole run and hands its URL to the test files (inject).
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the run's PostgreSQL cluster; empty on the PGlite backend. */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const backend = project.config.env.TEST_DB;
  if (backend !== 'postgres') {
    console.log(`[${project.name}] backend: PGlite (in-memory, one instance per test app)`);
    project.provide('postgresUrl', '');
    return;
  }
  const started = Date.now();
  const postgres = await startPostgres();
  console.log(
    `[${project.name}] backend: PostgreSQL at ${postgres.url.replace(/\/[^/]*$/, '')} ` +
      `(started in ${Date.now() - started} ms, one database per test app)`,
  );
  project.provide('postgresUrl', postgres.url);
  return () => postgres.stop();
}
