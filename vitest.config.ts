// Vitest projects: `unit` (pure domain/ code and the client's pure modules) and the API suite, run twice: once on in-memory PGlite
// (`api-pglite`) and once on a real PostgreSQL cluster (`api-postgres`) started by test/global-setup.ts.
// Each API test app gets its own fresh database (see test/app.ts), so test files never share state.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const api = (backend: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${backend}`,
    include: ['server/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: backend },
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-api.ts'],
    // Files share worker processes: a process's first PGlite instance costs ~3× the later ones
    // (WebAssembly warm-up). Isolation comes from a fresh database per test app, not per process,
    // so API tests keep no state in shared modules and use no vi.mock (it would leak into the next file).
    isolate: false,
    // Opening a PGlite instance takes ~2 s on an idle 2-core machine, far more on a busy one.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // Stopping a worker takes well under a second on an idle machine, but can exceed the default 10 s on a
    // loaded one, and vitest then fails the run although every test passed.
    teardownTimeout: 60_000,
    projects: [
      // Property tests take ~1 s on a busy 2-core machine; the default 5 s timeout is too tight there.
      {
        resolve: {
          alias: {
            '@domain': path.resolve(import.meta.dirname, 'domain'),
            '@': path.resolve(import.meta.dirname, 'client/src'),
          },
        },
        test: {
          name: 'unit',
          include: ['domain/**/*.test.ts', 'client/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      api('pglite'),
      api('postgres'),
    ],
  },
});
