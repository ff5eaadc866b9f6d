// Folders the server reads at run time, found from the project root so the same code works from
// source (tsx) and from the production bundle in dist/server.
import fs from 'node:fs';
import path from 'node:path';

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'server/db/migrations');
export const CLIENT_DIR = path.join(PROJECT_ROOT, 'dist/client');
/**
 * A new embedded database, as PGlite's initdb leaves it, made by the build (scripts/build-server.ts): a
 * first start unpacks it instead of running initdb, which holds ~600 MB more at its peak.
 */
export const PGLITE_INITDB_TEMPLATE = path.join(PROJECT_ROOT, 'dist/server/pglite-initdb.tar.gz');
