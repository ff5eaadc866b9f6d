// Uploads as a client notices them (docs/security.md, "Uploads"), over real HTTP on this run's
// backend: a document comes back byte for byte; a file over the limit is refused with its message
// and nothing is kept; an upload cut short leaves nothing behind; the per-user limits answer 429.
import { createHash } from 'node:crypto';
import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../domain/kyc.ts';
import { UPLOAD_BYTES_PER_WINDOW, UPLOAD_MESSAGES, UPLOADS_PER_WINDOW } from '../../domain/uploads.ts';
import { buildTestApp } from '../../test/app.ts';
import { signedInAs, type Actor } from '../../test/actor.ts';
import { documentParts, FILES, multipart, type Part } from '../../test/kyc.ts';
import type { App } from '../app.ts';
import { fileChunks, storedFiles, users } from '../db/schema/index.ts';
import { sweepExpired } from '../features/accounts/index.ts';
import { SESSION_COOKIE } from '../features/accounts/index.ts';

let app: App;
let base: string;
beforeAll(async () => {
  app = await buildTestApp();
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

const newcomer = () => signedInAs(app, 'investor', { kycStatus: 'pending' });
const filesOf = async (userId: string) =>
  app.db.select().from(storedFiles).where(eq(storedFiles.ownerId, userId));
const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A PNG of `bytes` (its signature, then noise: the content is never parsed, only its type read). */
function png(bytes: number): Buffer {
  const file = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) file[i] = (i * 2654435761) >>> 24;
  FILES.png().copy(file, 0, 0, 8);
  return file;
}

async function upload(actor: Actor, parts: Part[]) {
  const { body, contentType } = multipart(parts);
  const res = await fetch(`${base}/api/kyc/documents`, {
    method: 'POST',
    headers: { 'content-type': contentType, cookie: `${SESSION_COOKIE}=${actor.token}` },
    body: new Uint8Array(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

describe('uploading a document', () => {
  it('stores it in chunks of at most 256 KiB and gives back the same bytes', async () => {
    const investor = await newcomer();
    const identity = png(3 * 1024 * 1024 + 12_345);
    const res = await upload(investor, [
      { name: 'identity', filename: 'passport.png', contentType: 'image/png', content: identity },
      ...documentParts(['address']),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const doc = (res.body.documents as Array<{ id: string; kind: string; size: number }>).find(
      (d) => d.kind === 'identity',
    )!;
    expect(doc.size).toBe(identity.length);

    const download = await fetch(`${base}/api/kyc/documents/${doc.id}`, {
      headers: { cookie: `${SESSION_COOKIE}=${investor.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Number(download.headers.get('content-length'))).toBe(identity.length);
    expect(sha(Buffer.from(await download.arrayBuffer()))).toBe(sha(identity));

    const [file] = (await filesOf(investor.user.id)).filter((f) => f.size === identity.length);
    const chunks = await app.db.select().from(fileChunks).where(eq(fileChunks.fileId, file!.id));
    expect(chunks).toHaveLength(13);
    expect(Math.max(...chunks.map((c) => c.data.length))).toBe(256 * 1024);
    expect(file!.committed).toBe(true);
  });

  it('refuses a file over 10 MB with its message while it arrives, and keeps nothing', async () => {
    const investor = await newcomer();
    const res = await upload(investor, [
      ...documentParts(['address']),
      {
        name: 'identity',
        filename: 'big.png',
        contentType: 'image/png',
        content: png(MAX_DOCUMENT_BYTES + 1),
      },
    ]);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      error: 'Identity document: the file is larger than 10 MB',
      fields: { identity: 'Identity document: the file is larger than 10 MB' },
    });
    expect(await filesOf(investor.user.id)).toEqual([]);
    const [row] = await app.db.select().from(users).where(eq(users.id, investor.user.id));
    expect(row!.kycStatus).toBe('pending');
  });

  it('refuses a file that is not a PDF, JPEG or PNG from its first bytes, keeping nothing', async () => {
    const investor = await newcomer();
    const exe = Buffer.concat([FILES.exe(), Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload(investor, [
      ...documentParts(['address']),
      { name: 'identity', filename: 'passport.pdf', contentType: 'application/pdf', content: exe },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Identity document: only PDF, JPEG or PNG files are accepted');
    expect(await filesOf(investor.user.id)).toEqual([]);
  });

  it('keeps nothing of an upload the client abandons halfway', async () => {
    const investor = await newcomer();
    const { body, contentType } = multipart([
      ...documentParts(['address']),
      { name: 'identity', filename: 'passport.png', contentType: 'image/png', content: png(4 * 1024 * 1024) },
    ]);
    const { port } = new URL(base);
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/kyc/documents',
        headers: {
          'content-type': contentType,
          'content-length': body.length,
          cookie: `${SESSION_COOKIE}=${investor.token}`,
        },
      });
      req.on('error', () => resolve());
      req.write(body.subarray(0, 2 * 1024 * 1024), () => {
        // Let the server store what arrived, then vanish.
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 500);
      });
    });
    await expect.poll(() => filesOf(investor.user.id), { timeout: 20_000, interval: 200 }).toEqual([]);
    const [row] = await app.db.select().from(users).where(eq(users.id, investor.user.id));
    expect(row!.kycStatus).toBe('pending');
  });
});

describe('the per-user upload limits', () => {
  it(`answers 429 after ${UPLOADS_PER_WINDOW} uploads in 10 minutes, with the wait`, async () => {
    const investor = await newcomer();
    const exe = [{ name: 'identity', filename: 'a.pdf', content: FILES.exe() }];
    for (let i = 0; i < UPLOADS_PER_WINDOW; i++) {
      expect((await upload(investor, exe)).status).toBe(400);
    }
    const refused = await upload(investor, documentParts(['identity', 'address']));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(UPLOAD_MESSAGES.tooMany);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await filesOf(investor.user.id)).toEqual([]);
    // Another user is not held back.
    expect((await upload(await newcomer(), documentParts(['identity', 'address']))).status).toBe(201);
  });

  it('answers 429 once the user uploaded 100 MB in 10 minutes', async () => {
    const investor = await newcomer();
    // What they uploaded in the last minutes (sizes only: the budget counts bytes, not contents).
    await app.db.insert(storedFiles).values(
      Array.from({ length: UPLOAD_BYTES_PER_WINDOW / MAX_DOCUMENT_BYTES }, () => ({
        ownerId: investor.user.id,
        contentType: 'application/pdf' as const,
        size: MAX_DOCUMENT_BYTES,
        committed: true,
      })),
    );
    const refused = await upload(investor, documentParts(['identity', 'address']));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(UPLOAD_MESSAGES.tooMuch);
  });
});

describe('housekeeping', () => {
  it('deletes an upload an instance lost before keeping it, an hour on', async () => {
    const investor = await newcomer();
    const hourAgo = new Date(Date.now() - 3_601_000);
    await app.db.insert(storedFiles).values([
      { ownerId: investor.user.id, contentType: 'application/pdf', size: 10, createdAt: hourAgo },
      { ownerId: investor.user.id, contentType: 'application/pdf', size: 10 },
      {
        ownerId: investor.user.id,
        contentType: 'application/pdf',
        size: 10,
        committed: true,
        createdAt: hourAgo,
      },
    ]);
    expect(await sweepExpired(app.db, app.clock())).toMatchObject({ abandonedUploads: 1 });
    expect(await filesOf(investor.user.id)).toHaveLength(2);
  });
});
