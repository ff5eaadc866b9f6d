// The Node flags the production server runs with, read from package.json's `start` script so the browser
// tests and the benchmarks start it exactly as `npm start` does (README "Start-up and memory").
import fs from 'node:fs';
import path from 'node:path';

const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
  scripts: { start: string };
};

/** e.g. `--enable-source-maps --max-old-space-size=192`. */
export const SERVER_NODE_FLAGS: string[] = pkg.scripts.start
  .split('&&')
  .at(-1)!
  .trim()
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
