import { promisify } from 'node:util';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { CSP_NONCE_PLACEHOLDER } from './server/csp-nonce.ts';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Writes .gz and .br beside each text asset so the server sends them without compressing per request. */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'hydrobridge-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await fs.readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((f) => /\.(js|css|html|svg|txt|json|webmanifest)$/.test(f))
          .map(async (f) => {
            const file = path.join(outDir, f);
            const data = await fs.readFile(file);
            if (data.length < 512) return;
            await fs.writeFile(`${file}.gz`, await gzip(data, { level: 9 }));
            await fs.writeFile(
              `${file}.br`,
              await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
          }),
      );
    },
  };
}

export default defineConfig({
  root: 'client',
  plugins: [react(), tailwindcss(), precompress()],
  // The server fills in a fresh nonce per answer (server/plugins/client.ts): Vite writes the placeholder
  // into a csp-nonce meta tag, read by the client for the styles it injects, and into its own tags.
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  resolve: {
    alias: [
      { find: '@domain', replacement: path.resolve(import.meta.dirname, 'domain') },
      { find: '@', replacement: path.resolve(import.meta.dirname, 'client/src') },
      // domain/csv.ts is shared: the server gets csv-stringify's Node build, the browser its own
      // (the Node one needs Buffer).
      { find: /^csv-stringify\/sync$/, replacement: 'csv-stringify/browser/esm/sync' },
    ],
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Everything the first page needs in one chunk: on a phone network each extra request for the
        // landing page's small shared modules costs a round trip. Lazy routes still get their own chunks.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000' },
  },
});
