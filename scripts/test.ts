// `npm test`: every suite, in order — unit and API tests (API on PGlite and on a real PostgreSQL),
// then a production build and the browser tests against it. Stops at the first failing step.
import { spawnSync } from 'node:child_process';

const steps: Array<[label: string, command: string, args: string[]]> = [
  ['unit + API tests (PGlite and PostgreSQL)', 'npx', ['vitest', 'run']],
  ['production build (client and server)', 'npm', ['run', 'build', '--silent']],
  ['browser tests (Chromium)', 'npx', ['playwright', 'test']],
];

for (const [label, command, args] of steps) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${label} (${seconds} s)`);
}
