// Shared by the benchmark parts: progress lines, cleanup of temp dirs and child servers, the child
// server launcher (bench/serve.ts), and the report's formatting.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { bundle } from '../scripts/build-server.ts';
import { SERVER_NODE_FLAGS } from '../scripts/start-flags.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Generous: a first start seeds the database, and a busy machine can be very slow. */
export const START_TIMEOUT_MS = 180_000;

// ---------------------------------------------------------------------------------------------------
// Helpers: progress, cleanup, child servers

export const t0 = performance.now();
export function progress(message: string) {
  console.log(`[${((performance.now() - t0) / 1000).toFixed(0).padStart(3)} s] ${message}`);
}

export const cleanups: Array<() => unknown> = [];
export async function cleanupAll() {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      console.error('cleanup:', errorMessage(error));
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping servers and removing temp files`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Child {
  proc: ChildProcess;
  pid: number;
  port: number;
  /** Everything the ready line said (a mode may add fields to it). */
  ready: Record<string, unknown>;
  /** Output so far (stderr, and stdout that isn't the ready line), for error messages. */
  output: () => string;
  stop: () => Promise<number | null>;
}

/** The production server entry that `npm start` runs (built by `npm run build`). */
export const SERVER_ENTRY = 'dist/server/main.js';
const SERVE_BUNDLE = 'dist/bench/serve.js';

/**
 * Spawns `node <script> …` in the repo root (through tsx for TypeScript sources) and keeps its output
 * for error messages.
 */
export function spawnNode(script: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  // TypeScript through tsx; a bundle (the server's, the benchmark's) with the flags `npm start` gives.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : SERVER_NODE_FLAGS;
  const proc = spawn(process.execPath, [...loader, script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stderr!.on('data', (d: Buffer) => {
    output = (output + d.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  let stopped = false;
  const stop = async () => {
    if (!stopped && proc.exitCode === null && proc.signalCode === null) {
      stopped = true;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    }
    return proc.exitCode;
  };
  cleanups.push(stop);
  return {
    proc,
    exited,
    stop,
    output: () => output,
    appendOutput: (s: string) => (output = (output + s).slice(-4000)),
  };
}

let serveBundle: Promise<void> | undefined;

/**
 * Starts bench/serve.ts in a child process, bundled as the production server is (scripts/build-server.ts),
 * so its memory and start are the product's, not those of a TypeScript loader compiling it; waits for
 * its ready line.
 */
export async function startServeChild(args: string[]): Promise<Child> {
  serveBundle ??= bundle('bench/serve.ts', SERVE_BUNDLE);
  await serveBundle;
  const node = spawnNode(SERVE_BUNDLE, args);
  const ready = await new Promise<Record<string, unknown> & { port: number }>((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(
      () =>
        reject(
          new Error(`serve.ts ${args[0]} not ready after ${START_TIMEOUT_MS / 1000} s\n${node.output()}`),
        ),
      START_TIMEOUT_MS,
    );
    node.proc.stdout!.on('data', (d: Buffer) => {
      buffer += d.toString();
      for (const line of buffer.split('\n')) {
        if (line.startsWith('{"ready":true')) {
          clearTimeout(timer);
          resolve(JSON.parse(line) as Record<string, unknown> & { port: number });
          return;
        }
      }
      node.appendOutput(d.toString());
    });
    void node.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve.ts ${args.join(' ')} exited (${code}):\n${node.output()}`));
    });
  });
  return {
    proc: node.proc,
    pid: node.proc.pid!,
    port: ready.port,
    ready,
    output: node.output,
    stop: node.stop,
  };
}

/** Peak resident set size (VmHWM) of a live process, in bytes. */
export function peakRss(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export const gzip9 = (buf: Buffer) => zlib.gzipSync(buf, { level: 9 }).length;
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
/** CPU time a process has used so far (user + system, all its threads), in ms; null when it is gone. */
export function cpuMs(pid: number): number | null {
  try {
    // Fields 14 and 15 of /proc/PID/stat (after the command name in parentheses), in clock ticks of 10 ms.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

export const MB = (bytes: number | null) =>
  bytes === null ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
export const mark = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

/** A plain-text table; `align` has one letter per column, l or r. */
export function table(headers: string[], rows: Array<Array<string | number>>, align: string): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    '  ' +
    r
      .map((c, i) => (align[i] === 'r' ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('   ')
      .trimEnd();
  return [
    line(cells[0]!),
    '  ' + widths.map((w) => '-'.repeat(w)).join('   '),
    ...cells.slice(1).map(line),
  ].join('\n');
}
