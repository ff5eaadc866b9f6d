// Builds the server (README "Start-up and memory"):
// - one bundle, dist/server/main.js, its dependencies included: Node then reads and links one module at
//   start instead of resolving ~900 files under node_modules, about a third of the start-up's CPU. Left
//   outside: what loads files beside its own code at run time (PGlite's WebAssembly and data, argon2's
//   native binary). The benchmark bundles its server child the same way (bench/common.ts);
// - the embedded database's initdb template (server/paths.ts PGLITE_INITDB_TEMPLATE), so a first start
//   copies a new database instead of running initdb in the server process.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { build } from 'esbuild';
import { PGLITE_OPTIONS } from '../server/db/connect.ts';
import { PGLITE_INITDB_TEMPLATE, PROJECT_ROOT } from '../server/paths.ts';

export async function bundle(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    // File names and lines only: Node reads the whole map at start (--enable-source-maps).
    sourcesContent: false,
    logLevel: 'warning',
    external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg-native'],
    // The CommonJS dependencies inside an ES module bundle still call require() for Node's own modules.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
}

/** initdb takes seconds: the template is made again only when PGlite was installed after it. */
async function writeInitdbTemplate(): Promise<void> {
  const installed = fs.statSync(path.join(PROJECT_ROOT, 'node_modules/@electric-sql/pglite/package.json'));
  if (
    fs.existsSync(PGLITE_INITDB_TEMPLATE) &&
    fs.statSync(PGLITE_INITDB_TEMPLATE).mtimeMs > installed.mtimeMs
  )
    return;
  const fresh = await PGlite.create(PGLITE_OPTIONS);
  try {
    const template = await fresh.dumpDataDir('gzip');
    fs.writeFileSync(PGLITE_INITDB_TEMPLATE, Buffer.from(await template.arrayBuffer()));
  } finally {
    await fresh.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  await bundle('server/main.ts', 'dist/server/main.js');
  await writeInitdbTemplate();
}
