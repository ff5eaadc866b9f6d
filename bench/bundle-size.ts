// Part 1 of `npm run bench` (bench/run.ts): the JavaScript the landing route loads, gzip -9.
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/chromium.ts';
import { gzip9, sleep } from './common.ts';
import { CLIENT_DIR, LANDING_MODULE } from './settings.ts';

// ---------------------------------------------------------------------------------------------------
// Part 1: landing route JavaScript

export interface BundleFile {
  file: string;
  bytes: number;
  gzip: number;
}
export interface BundleMeasure {
  files: BundleFile[];
  bytes: number;
  gzip: number;
  notes: string[];
}

export function sizeOf(files: Iterable<string>): BundleMeasure {
  const list: BundleFile[] = [];
  for (const file of files) {
    const buf = fs.readFileSync(path.join(CLIENT_DIR, file));
    list.push({ file, bytes: buf.length, gzip: gzip9(buf) });
  }
  list.sort((a, b) => b.gzip - a.gzip);
  return {
    files: list,
    bytes: list.reduce((s, f) => s + f.bytes, 0),
    gzip: list.reduce((s, f) => s + f.gzip, 0),
    notes: [],
  };
}

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** index.html entry + modulepreloads, plus the static-import closure of the entry and the landing chunk. */
export function bundleFromManifest(): BundleMeasure {
  const html = fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  const attr = (tag: string, name: string) =>
    new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  const files = new Set<string>();
  const isExternal = (url: string) => /^([a-z]+:)?\/\//i.test(url);
  const toFile = (url: string) => decodeURIComponent(url.replace(/[?#].*$/, '')).replace(/^\//, '');
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src && !isExternal(src)) files.add(toFile(src));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attr(tag, 'href');
    if (href && !isExternal(href) && /rel\s*=\s*["']modulepreload["']/i.test(tag)) files.add(toFile(href));
  }
  const notes: string[] = [];
  const manifestPath = path.join(CLIENT_DIR, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) {
    notes.push(
      'no .vite/manifest.json (set build.manifest: true): index.html scripts only, landing chunk not included',
    );
  } else {
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    // A chunk and everything it imports statically (dynamic imports load later, on demand).
    const seen = new Set<string>();
    const closure = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) return;
      files.add(chunk.file);
      for (const i of chunk.imports ?? []) closure(i);
    };
    const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
    if (!entries.length) notes.push('manifest has no entry chunk');
    for (const [key] of entries) closure(key);
    const landing = Object.entries(manifest).find(([key, c]) => (c.src ?? key).endsWith(LANDING_MODULE));
    if (landing) closure(landing[0]);
    else
      notes.push(
        `no chunk for ${LANDING_MODULE} in the manifest (the landing page is bundled into the entry, or moved)`,
      );
  }
  const js = [...files].filter((f) => f.endsWith('.js') || f.endsWith('.mjs'));
  const missing = js.filter((f) => !fs.existsSync(path.join(CLIENT_DIR, f)));
  if (missing.length)
    throw new Error(`files named by the build are missing from dist/client: ${missing.join(', ')}`);
  const measure = sizeOf(js);
  measure.notes.push(...notes);
  return measure;
}

/** The JavaScript Chromium really requests when it opens `/`. */
export async function bundleFromChromium(baseUrl: string): Promise<BundleMeasure> {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const scripts = new Map<string, Buffer | null>();
    const origin = new URL(baseUrl).origin;
    const pending: Array<Promise<void>> = [];
    page.on('response', (response) => {
      const req = response.request();
      const url = new URL(response.url());
      const isJs = req.resourceType() === 'script' || /\.m?js$/.test(url.pathname);
      if (!isJs || url.origin !== origin) return;
      pending.push(
        response.body().then(
          (body) => void scripts.set(url.pathname, response.ok() ? body : null),
          () => void scripts.set(url.pathname, null),
        ),
      );
    });
    try {
      await page.goto(baseUrl, { waitUntil: 'networkidle', timeout: 30_000 });
    } catch {
      await page.waitForLoadState('load', { timeout: 10_000 });
    }
    await sleep(500);
    await Promise.all(pending);
    const list: BundleFile[] = [];
    const notes: string[] = [];
    for (const [pathname, body] of scripts) {
      const file = decodeURIComponent(pathname).replace(/^\//, '');
      const onDisk = path.join(CLIENT_DIR, file);
      const buf = fs.existsSync(onDisk) && fs.statSync(onDisk).isFile() ? fs.readFileSync(onDisk) : body;
      if (!buf) {
        notes.push(`request for ${pathname} failed`);
        continue;
      }
      list.push({ file, bytes: buf.length, gzip: gzip9(buf) });
    }
    if (!list.length) throw new Error('Chromium loaded no same-origin JavaScript for /');
    list.sort((a, b) => b.gzip - a.gzip);
    return {
      files: list,
      bytes: list.reduce((s, f) => s + f.bytes, 0),
      gzip: list.reduce((s, f) => s + f.gzip, 0),
      notes,
    };
  } finally {
    await browser.close();
  }
}
