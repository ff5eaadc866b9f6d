// Bundles the server into one file (dist/server/main.js), its dependencies included: Node then reads
// and links one module at start instead of resolving ~900 files under node_modules, about a third of
// the start-up's CPU (README "Start-up"). Left outside the bundle: what loads files beside its own code
// at run time (PGlite's WebAssembly and data, argon2's native binary).
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // File names and lines only: Node reads the whole map at start (--enable-source-maps), sources are in the repo.
  sourcesContent: false,
  logLevel: 'warning',
  external: ['@electric-sql/pglite', '@node-rs/argon2', 'pg-native'],
  // The CommonJS dependencies inside an ES module bundle still call require() for Node's own modules.
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
});
