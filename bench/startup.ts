// Part 3 of `npm run bench` (bench/run.ts): start-up on an existing embedded database.
import { performance } from 'node:perf_hooks';
import { median, cpuMs, progress, SERVER_ENTRY, sleep, spawnNode, START_TIMEOUT_MS } from './common.ts';
import { freePort } from '../test/free-port.ts';
import { TARGETS } from './settings.ts';

// ---------------------------------------------------------------------------------------------------
// Part 3: start-up on an existing embedded database

export interface MainServer {
  port: number;
  pid: number;
  stop: () => Promise<number | null>;
  output: () => string;
}

/**
 * Spawns server/main.ts and returns once GET /api/health answers 200, with the elapsed time and the CPU
 * time the process used until then (a figure the machine's other load changes far less).
 */
export async function startMain(
  dataDir: string,
): Promise<{ server: MainServer; ms: number; cpuMs: number | null }> {
  const port = await freePort();
  const started = performance.now();
  const node = spawnNode(SERVER_ENTRY, [], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // A demo deployment, as the browser tests run it: the measured pages show the demo data.
    SEED_DEMO: 'true',
    ALLOW_DEMO_ACCOUNTS: 'true',
  });
  node.proc.stdout!.on('data', (d: Buffer) => node.appendOutput(d.toString()));
  let exited = false;
  void node.exited.then(() => (exited = true));
  const deadline = started + START_TIMEOUT_MS;
  for (;;) {
    if (exited)
      throw new Error(`server/main.ts exited before serving (exit ${node.proc.exitCode}):\n${node.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      await node.stop();
      throw new Error(
        `server/main.ts did not answer GET /api/health with 200 within ${START_TIMEOUT_MS / 1000} s:\n${node.output()}`,
      );
    }
    await sleep(25);
  }
  const ms = performance.now() - started;
  return {
    server: { port, pid: node.proc.pid!, stop: node.stop, output: node.output },
    ms,
    cpuMs: cpuMs(node.proc.pid!),
  };
}

export interface StartupResult {
  firstStartMs: number;
  runsMs: number[];
  /** CPU time of each run until its first 200. */
  runsCpuMs: Array<number | null>;
  medianMs: number;
  pass: boolean;
}

export async function startupPart(
  dataDir: string,
  runs: number,
): Promise<{ result: StartupResult; server: MainServer }> {
  progress('start-up: first start on an empty DATA_DIR (creates and seeds the embedded database)');
  const first = await startMain(dataDir);
  const code = await first.server.stop();
  if (code !== 0) throw new Error(`server/main.ts exited with ${code} on SIGTERM:\n${first.server.output()}`);
  const runsMs: number[] = [];
  const runsCpuMs: Array<number | null> = [];
  let server: MainServer | undefined;
  for (let i = 0; i < runs; i++) {
    progress(`start-up: start ${i + 1}/${runs} on the existing database`);
    const r = await startMain(dataDir);
    runsMs.push(r.ms);
    runsCpuMs.push(r.cpuMs);
    if (i < runs - 1) {
      const c = await r.server.stop();
      if (c !== 0) throw new Error(`server/main.ts exited with ${c} on SIGTERM:\n${r.server.output()}`);
    } else server = r.server;
  }
  const medianMs = median(runsMs);
  return {
    result: { firstStartMs: first.ms, runsMs, runsCpuMs, medianMs, pass: medianMs <= TARGETS.startupMs },
    server: server!,
  };
}
