// KYC/KYB on the API, on this run's backend: the upload (types by content, size, count), the status
// a user sees (with the admin's reason), who may read a document, the gates, and deletion with the
// account.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../../domain/errors.ts';
import { MAX_DOCUMENT_BYTES } from '../../../../domain/kyc.ts';
import type { App } from '../../../app.ts';
import { users, verificationDocuments } from '../../../db/schema/index.ts';
import { buildTestApp, campaignBody, createCampaign } from '../../../../test/app.ts';
import { freshIp } from '../../../../test/actor.ts';
import { investIn } from '../../../../test/investing.ts';
import { signedInAs, type Actor } from '../../../../test/actor.ts';
import { documentParts, FILES, multipart, openDocuments, type Part } from '../../../../test/kyc.ts';
import { SESSION_COOKIE } from '../../accounts/index.ts';

let app: App;
let admin: Actor;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, 'admin');
});

/** A user who has not been verified yet (a new sign-up's state), with a session. */
const newcomer = (role: 'investor' | 'trader' | 'buyer' = 'investor') =>
  signedInAs(app, role, { kycStatus: 'pending' });

function upload(actor: Actor, parts: Part[]) {
  const { body, contentType } = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/api/kyc/documents',
    remoteAddress: freshIp(),
    headers: { 'content-type': contentType, cookie: `${SESSION_COOKIE}=${actor.token}` },
    payload: body,
  });
}

const documentCount = async (userId: string) =>
  (await app.db.select().from(verificationDocuments).where(eq(verificationDocuments.userId, userId))).length;

const kycOf = async (userId: string) =>
  (await app.db.select({ s: users.kycStatus }).from(users).where(eq(users.id, userId)))[0]!.s;

describe('uploading documents', () => {
  it('takes an investor’s identity document and proof of address (PDF, JPEG, PNG) and puts them Under Review', async () => {
    const investor = await newcomer();
    const res = await upload(investor, [
      { name: 'identity', filename: 'passport.jpg', contentType: 'image/jpeg', content: FILES.jpeg() },
      { name: 'address', filename: 'bill.png', contentType: 'image/png', content: FILES.png() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      kycStatus: 'under_review',
      kycRejectionReason: null,
      required: ['identity', 'address'],
      documents: expect.arrayContaining([
        expect.objectContaining({ kind: 'identity', contentType: 'image/jpeg', fileName: 'passport.jpg' }),
        expect.objectContaining({ kind: 'address', contentType: 'image/png' }),
      ]),
    });
    const me = await investor.get('/api/auth/me');
    expect(me.json()).toMatchObject({ kycStatus: 'under_review' });
    expect(me.json()).not.toHaveProperty('kycRejectionReason');
  });

  it('asks traders for the company registration too (KYB), and keeps the company fields sent with it', async () => {
    const trader = await newcomer('trader');
    const missing = await upload(trader, documentParts(['identity', 'address']));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'Company registration (KYB) is required' });
    const res = await upload(trader, [
      ...documentParts(['identity', 'address', 'company']),
      { name: 'companyName', content: 'Green Molecules Ltd' },
      { name: 'registrationNumber', content: 'GB-12345678' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await app.db.select().from(users).where(eq(users.id, trader.user.id));
    expect(row).toMatchObject({ companyName: 'Green Molecules Ltd', registrationNumber: 'GB-12345678' });
  });

  it('judges the type by content: an executable renamed passport.pdf is refused, nothing is stored', async () => {
    const investor = await newcomer();
    const res = await upload(investor, [
      { name: 'identity', filename: 'passport.pdf', contentType: 'application/pdf', content: FILES.exe() },
      ...documentParts(['address']),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'Identity document: only PDF, JPEG or PNG files are accepted',
      fields: { identity: expect.any(String) },
    });
    expect(await documentCount(investor.user.id)).toBe(0);
    expect(await kycOf(investor.user.id)).toBe('pending');
  });

  it('refuses an empty file, a file over 10 MB, and more files than documents', async () => {
    const investor = await newcomer();
    const empty = await upload(investor, [
      { name: 'identity', filename: 'a.pdf', content: Buffer.alloc(0) },
      ...documentParts(['address']),
    ]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Identity document: the file is empty');

    const big = Buffer.concat([FILES.pdf(), Buffer.alloc(MAX_DOCUMENT_BYTES)]);
    const oversize = await upload(investor, [{ name: 'identity', filename: 'big.pdf', content: big }]);
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json().error).toBe('Identity document: the file is larger than 10 MB');

    const many = await upload(investor, [
      ...documentParts(['identity', 'address', 'company']),
      { name: 'identity', filename: 'again.pdf', content: FILES.pdf() },
    ]);
    expect(many.statusCode).toBe(413);
    const twice = await upload(investor, [...documentParts(['identity', 'identity'])]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe('Send one file per document');
    expect(await documentCount(investor.user.id)).toBe(0);
  });

  it('refuses a JSON body, an unknown file field, and a second submission while under review', async () => {
    const investor = await newcomer();
    const json = await investor.post('/api/kyc/documents', {});
    expect(json.statusCode).toBe(415);
    const unknown = await upload(investor, [
      ...documentParts(['identity', 'address']),
      ...documentParts(['selfie']),
    ]);
    expect(unknown.statusCode).toBe(400);
    expect((await upload(investor, documentParts(['identity', 'address']))).statusCode).toBe(201);
    const again = await upload(investor, documentParts(['identity', 'address']));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Your documents are already under review' });
  });
});

describe('reading a document', () => {
  it('is for its owner and admins only; anyone else gets 404', async () => {
    const investor = await newcomer();
    const res = await upload(investor, documentParts(['identity', 'address']));
    const id = res.json<{ documents: Array<{ id: string }> }>().documents[0]!.id;
    const own = await investor.get(`/api/kyc/documents/${id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await admin.get(`/api/kyc/documents/${id}`)).statusCode).toBe(200);
    for (const role of ['investor', 'trader', 'buyer'] as const) {
      const other = await signedInAs(app, role);
      expect((await other.get(`/api/kyc/documents/${id}`)).statusCode, role).toBe(404);
    }
  });

  it('goes with the account: deleting the user deletes the files', async () => {
    const investor = await newcomer();
    await upload(investor, documentParts(['identity', 'address']));
    expect(await documentCount(investor.user.id)).toBe(2);
    await app.db.delete(users).where(eq(users.id, investor.user.id));
    const [left] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(verificationDocuments)
      .where(eq(verificationDocuments.userId, investor.user.id));
    expect(left!.n).toBe(0);
  });
});

describe('the gates', () => {
  it('refuses investing until an admin approves, naming the gate; then the investment goes through', async () => {
    const campaign = await createCampaign(app.db);
    const investor = await newcomer();
    const refused = await investIn(app, investor, campaign);
    expect(refused.intent.statusCode).toBe(403);
    expect(refused.intent.json()).toEqual({ error: ERRORS.INVESTING_NEEDS_KYC.message });

    await upload(investor, documentParts(['identity', 'address']));
    expect((await investIn(app, investor, campaign)).intent.statusCode).toBe(403);

    // The admin approves only after opening every document (each opening recorded).
    const unopened = await admin.post(`/api/admin/users/${investor.user.id}/kyc`, { decision: 'approve' });
    expect([unopened.statusCode, unopened.json().error]).toEqual([
      409,
      'Open every document before approving: Identity document, Proof of address not opened yet',
    ]);
    await openDocuments(admin, investor.user.id);
    const decided = await admin.post(`/api/admin/users/${investor.user.id}/kyc`, { decision: 'approve' });
    expect(decided.statusCode, decided.body).toBe(200);
    const { record } = await investIn(app, investor, campaign);
    expect(record!.json()).toMatchObject({ status: 'confirmed', amount: '1000.00' });
  });

  it('a rejected user sees the reason on /api/auth/me and may re-submit', async () => {
    const trader = await newcomer('trader');
    await upload(trader, documentParts(['identity', 'address', 'company']));
    const reason = 'The registration certificate is not legible.';
    await admin.post(`/api/admin/users/${trader.user.id}/kyc`, { decision: 'reject', reason });
    const me = await trader.get('/api/auth/me');
    expect(me.json()).toMatchObject({ kycStatus: 'rejected', kycRejectionReason: reason });
    expect((await trader.get('/api/kyc')).json()).toMatchObject({
      kycStatus: 'rejected',
      kycRejectionReason: reason,
    });
    const create = await trader.post('/api/campaigns', campaignBody());
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({ error: 'Complete your KYC verification before creating campaigns' });
    const again = await upload(trader, documentParts(['identity', 'address', 'company']));
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ kycStatus: 'under_review', kycRejectionReason: null });
    expect((await trader.get('/api/auth/me')).json()).not.toHaveProperty('kycRejectionReason');
  });
});
