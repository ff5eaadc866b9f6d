// Upload memory (issue 19, item 12): the server's resident memory while 20 clients upload a 10 MB
// document each at once. Starts the app in a child process (the real buildApp on a fresh embedded
// database in a temp dir, or on PostgreSQL with --url), makes 20 pending investors with sessions,
// reads the child's VmRSS from /proc, fires the 20 uploads (POST /api/kyc/documents: a 10 MB PNG
// identity document and a small proof of address each), samples VmRSS every 20 ms until all are
// answered, and prints the increase over the idle server. Target: < 50 MB.
//
//   npm run bench:uploads [-- --url postgres://…] [-- --clients 20] [-- --mb 10]
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { cleanupAll, MB, progress, spawnNode, tempDir } from './common.ts';

const { values } = parseArgs({
  options: {
    serve: { type: 'boolean' },
    url: { type: 'string' },
    'data-dir': { type: 'string' },
    clients: { type: 'string', default: '20' },
    mb: { type: 'string', default: '10' },
  },
});
const CLIENTS = Number(values.clients);
const FILE_BYTES = Number(values.mb) * 1024 * 1024 - 4096; // the limit is 10 MiB per file

/** The child: the app, and CLIENTS pending investors with a session each (in the ready line). */
async function serve() {
  const { buildApp } = await import('../server/app.ts');
  const { openDatabase } = await import('../server/db/connect.ts');
  const { prepareDatabase } = await import('../server/prepare.ts');
  const { users } = await import('../server/db/schema/index.ts');
  const { createSession } = await import('../server/features/accounts/index.ts');
  const database = values.url
    ? await openDatabase({ databaseUrl: values.url })
    : await openDatabase({ dataDir: values['data-dir']! });
  await prepareDatabase(database, { seedDemo: false });
  const tokens: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const id = `${Date.now().toString(36)}${i}`;
    const [user] = await database.db
      .insert(users)
      .values({
        username: `upload${id}`,
        email: `upload${id}@bench.example`,
        emailVerified: true,
        password: 'not-a-hash',
        role: 'investor',
        firstName: 'Bench',
        lastName: `Uploader ${i}`,
        country: 'GB',
        kycStatus: 'pending',
        termsAccepted: true,
        riskDisclosureAccepted: true,
      })
      .returning({ id: users.id });
    tokens.push((await createSession(database.db, user!.id, { persistent: false }, new Date())).token);
  }
  const app = await buildApp({ database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  const { port } = app.server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ ready: true, port, pid: process.pid, tokens })}\n`);
}

const rss = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)![1]) * 1024;
};
const hwm = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)![1]) * 1024;
};

function multipart(parts: Array<{ name: string; filename: string; type: string; content: Buffer }>) {
  const boundary = '----hbbench' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts)
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      p.content,
      Buffer.from('\r\n'),
    );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function main() {
  const dataDir = values.url ? undefined : tempDir('hb-bench-uploads-');
  progress(`starting the app on ${values.url ? 'PostgreSQL' : `PGlite in ${dataDir}`}`);
  const args = [
    '--serve',
    '--clients',
    String(CLIENTS),
    ...(values.url ? ['--url', values.url] : ['--data-dir', dataDir!]),
  ];
  const child = spawnNode('bench/uploads.ts', args);
  const ready = await new Promise<{ port: number; pid: number; tokens: string[] }>((resolve, reject) => {
    let buffer = '';
    child.proc.stdout!.on('data', (d: Buffer) => {
      buffer += d.toString();
      const line = buffer.split('\n').find((l) => l.startsWith('{"ready"'));
      if (line) resolve(JSON.parse(line));
    });
    void child.exited.then((code) => reject(new Error(`server exited (${code})\n${child.output()}`)));
  });
  const base = `http://127.0.0.1:${ready.port}`;
  const png = Buffer.alloc(FILE_BYTES, 7);
  Buffer.from('89504e470d0a1a0a', 'hex').copy(png);
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
  const bodies = ready.tokens.map(() =>
    multipart([
      { name: 'identity', filename: 'passport.png', type: 'image/png', content: png },
      { name: 'address', filename: 'bill.pdf', type: 'application/pdf', content: pdf },
    ]),
  );
  // Warm up: one small upload, so the first request's one-time costs are not counted.
  await fetch(`${base}/api/health`);
  await new Promise((r) => setTimeout(r, 2000));
  const before = rss(ready.pid);
  const hwmBefore = hwm(ready.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(ready.pid))), 20);
  progress(`idle server: VmRSS ${MB(before)}; ${CLIENTS} uploads of ${MB(png.length)} at once`);
  const started = performance.now();
  const statuses = await Promise.all(
    bodies.map(async ({ body, contentType }, i) => {
      const res = await fetch(`${base}/api/kyc/documents`, {
        method: 'POST',
        headers: { 'content-type': contentType, cookie: `hb_session=${ready.tokens[i]}` },
        body: new Uint8Array(body),
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rss(ready.pid));
  const hwmAfter = hwm(ready.pid);
  await child.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  const ok = statuses.filter((s) => s === 201).length;
  const increase = peak - before;
  console.log(
    [
      '',
      `Uploads: ${ok}/${CLIENTS} stored (201) in ${seconds.toFixed(1)} s, ${values.url ? 'PostgreSQL' : 'PGlite'}`,
      `Server VmRSS idle ${MB(before)} → peak ${MB(peak)}: +${MB(increase)} (target < 50 MB: ${increase < 50 * 1024 * 1024 ? 'PASS' : 'FAIL'})`,
      `VmHWM ${MB(hwmBefore)} → ${MB(hwmAfter)}`,
    ].join('\n'),
  );
  if (ok !== CLIENTS) process.exitCode = 1;
}

if (values.serve) await serve();
else
  await main()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(cleanupAll);
