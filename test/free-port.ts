// The one way to find a free TCP port, for the test kit, the benchmarks, the scripts and the browser
// suite's config: ask the OS for port 0 on 127.0.0.1 and give it back. The port was free a moment
// ago; for a server whose own URL must be known before it listens.
import { execFileSync } from 'node:child_process';
import net from 'node:net';

const LISTEN_ON_ZERO =
  "const s = require('node:net').createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The same, synchronously (Playwright's config is synchronous): a child process asks the OS. */
export function freePortSync(): number {
  return Number(execFileSync(process.execPath, ['-e', LISTEN_ON_ZERO], { encoding: 'utf8' }).trim());
}
