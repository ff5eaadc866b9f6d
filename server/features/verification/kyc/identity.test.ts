// Identities that stay verified (issue 19): the legal name, company name and registration number are
// locked once KYC is approved; a change is a request that sends KYC back to review (the money gate
// closed, the verified values kept until approved); no company takes another verified company's name
// and number; an admin approves only after opening every document.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../../../domain/errors.ts';
import type { App } from '../../../app.ts';
import { auditLog, users } from '../../../db/schema/index.ts';
import { buildTestApp } from '../../../../test/app.ts';
import { signedInAs, type Actor } from '../../../../test/actor.ts';
import { documentParts, multipart, openDocuments } from '../../../../test/kyc.ts';
import { freshIp } from '../../../../test/actor.ts';
import { SESSION_COOKIE } from '../../accounts/index.ts';
import { listingBody } from '../../../../test/marketplace.ts';

let app: App;
let admin: Actor;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, 'admin');
});
afterAll(() => app?.close());

const rowOf = async (id: string) => (await app.db.select().from(users).where(eq(users.id, id)))[0]!;

async function upload(actor: Actor, kinds: string[], fields: Record<string, string> = {}) {
  const { body, contentType } = multipart([
    ...documentParts(kinds),
    ...Object.entries(fields).map(([name, content]) => ({ name, content })),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/kyc/documents',
    remoteAddress: freshIp(),
    headers: { 'content-type': contentType, cookie: `${SESSION_COOKIE}=${actor.token}` },
    payload: body,
  });
}

/** A trader verified the honest way: documents uploaded, opened by the admin, approved. */
async function verifiedTrader(companyName: string, registrationNumber: string) {
  const trader = await signedInAs(app, 'trader', { kycStatus: 'pending', companyName, registrationNumber });
  expect((await upload(trader, ['identity', 'address', 'company'])).statusCode).toBe(201);
  await openDocuments(admin, trader.user.id);
  const approved = await admin.post(`/api/admin/users/${trader.user.id}/kyc`, { decision: 'approve' });
  expect(approved.statusCode, approved.body).toBe(200);
  return trader;
}

describe('the identity lock', () => {
  it('refuses changing the verified name or company on the profile, naming the fields and the way', async () => {
    const trader = await signedInAs(app, 'trader', { firstName: 'Ada', companyName: 'Helios H2 Ltd' });
    const res = await trader.patch('/api/auth/profile', {
      firstName: 'Eve',
      companyName: 'Someone Else Ltd',
      phone: '+44 1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'First name, Company name: verified by KYC, so changed only by an identity change request on the Verification page (your verification is reviewed again)',
    );
    expect(await rowOf(trader.user.id)).toMatchObject({
      firstName: 'Ada',
      companyName: 'Helios H2 Ltd',
      phone: null,
    });
    // The same values sent back (a form saved whole) and the other fields still save.
    const same = await trader.patch('/api/auth/profile', { firstName: 'Ada', phone: '+44 1' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ firstName: 'Ada', phone: '+44 1' });
  });

  it('locks them under review too; a user not yet verified edits them on the profile', async () => {
    const inReview = await signedInAs(app, 'investor', { kycStatus: 'under_review' });
    expect((await inReview.patch('/api/auth/profile', { lastName: 'New' })).statusCode).toBe(409);
    const fresh = await signedInAs(app, 'investor', { kycStatus: 'pending' });
    expect((await fresh.patch('/api/auth/profile', { lastName: 'New' })).json()).toMatchObject({
      lastName: 'New',
    });
    // A request is for a verified identity: a user not yet verified is told to edit the profile.
    const asked = await fresh.post('/api/kyc/identity-change', { lastName: 'Newer' });
    expect([asked.statusCode, asked.json().error]).toEqual([
      409,
      'Only a verified (or in review) identity is changed by request: edit your profile instead',
    ]);
  });
});

describe('an identity change request', () => {
  it('sends KYC back to review, closes the money gate, keeps the verified values until the admin approves', async () => {
    const trader = await verifiedTrader('Helios Hydrogen GmbH', 'HRB 1001');
    const asked = await trader.post('/api/kyc/identity-change', {
      companyName: 'Helios Green Hydrogen GmbH',
      lastName: 'Lovelace',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({
      status: 'pending',
      companyName: 'Helios Green Hydrogen GmbH',
      registrationNumber: 'HRB 1001',
      lastName: 'Lovelace',
    });
    expect((await trader.post('/api/kyc/identity-change', { lastName: 'Again' })).statusCode).toBe(409);

    // Pending review: the verified values stay, every money path is closed.
    const me = (await trader.get('/api/auth/me')).json();
    expect(me).toMatchObject({ kycStatus: 'under_review', companyName: 'Helios Hydrogen GmbH' });
    expect((await trader.get('/api/kyc')).json()).toMatchObject({
      kycStatus: 'under_review',
      identityChange: { status: 'pending', companyName: 'Helios Green Hydrogen GmbH' },
    });
    const listing = await trader.post('/api/listings', listingBody() as Record<string, unknown>);
    expect([listing.statusCode, listing.json().error]).toEqual([403, ERRORS.KYC_NOT_APPROVED.message]);

    // The admin sees old beside new, and may approve once every document is opened.
    const detail = (await admin.get(`/api/admin/users/${trader.user.id}`)).json();
    expect(detail).toMatchObject({
      companyName: 'Helios Hydrogen GmbH',
      identityChange: { status: 'pending', companyName: 'Helios Green Hydrogen GmbH' },
    });
    const approved = await admin.post(`/api/admin/users/${trader.user.id}/kyc`, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await rowOf(trader.user.id)).toMatchObject({
      kycStatus: 'approved',
      companyName: 'Helios Green Hydrogen GmbH',
      registrationNumber: 'HRB 1001',
      lastName: 'Lovelace',
    });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, trader.user.id))
      .orderBy(auditLog.seq)
      .then((rows) => rows.slice(-1));
    expect(entry).toMatchObject({
      action: 'kyc.approve',
      before: { identity: { companyName: 'Helios Hydrogen GmbH' } },
      after: { kycStatus: 'approved', identity: { companyName: 'Helios Green Hydrogen GmbH' } },
    });
  });

  it('declined: the verified identity stands (KYC approved again) and the user sees the reason', async () => {
    const investor = await signedInAs(app, 'investor', { kycStatus: 'pending', lastName: 'Curie' });
    expect((await upload(investor, ['identity', 'address'])).statusCode).toBe(201);
    await openDocuments(admin, investor.user.id);
    await admin.post(`/api/admin/users/${investor.user.id}/kyc`, { decision: 'approve' });
    await investor.post('/api/kyc/identity-change', { lastName: 'Sklodowska' });
    const reason = 'The passport on file does not show this name: upload the new one.';
    const declined = await admin.post(`/api/admin/users/${investor.user.id}/kyc`, {
      decision: 'reject',
      reason,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await rowOf(investor.user.id)).toMatchObject({ kycStatus: 'approved', lastName: 'Curie' });
    expect((await investor.get('/api/kyc')).json()).toMatchObject({
      kycStatus: 'approved',
      identityChange: { status: 'rejected', lastName: 'Sklodowska', reason },
    });
  });

  it('may bring new documents while in review; the admin opens them before approving', async () => {
    const investor = await signedInAs(app, 'investor', { kycStatus: 'pending', lastName: 'Old' });
    expect((await upload(investor, ['identity', 'address'])).statusCode).toBe(201);
    await openDocuments(admin, investor.user.id);
    await admin.post(`/api/admin/users/${investor.user.id}/kyc`, { decision: 'approve' });
    await investor.post('/api/kyc/identity-change', { lastName: 'New' });
    expect((await upload(investor, ['identity', 'address'])).statusCode).toBe(201);
    // The new files were not opened yet (the admin opened the old ones).
    const early = await admin.post(`/api/admin/users/${investor.user.id}/kyc`, { decision: 'approve' });
    expect(early.statusCode).toBe(409);
    const detail = (await admin.get(`/api/admin/users/${investor.user.id}`)).json();
    expect(detail.documents.map((d: { opened: boolean }) => d.opened)).toEqual([false, false]);
    await openDocuments(admin, investor.user.id);
    expect(
      (await admin.post(`/api/admin/users/${investor.user.id}/kyc`, { decision: 'approve' })).statusCode,
    ).toBe(200);
    expect(await rowOf(investor.user.id)).toMatchObject({ kycStatus: 'approved', lastName: 'New' });
  });
});

describe("another supplier's exact name and registration number", () => {
  it('a trader cannot take them after approval (normalized: case, spaces, punctuation), 409', async () => {
    await verifiedTrader('Nordic Ammonia AS', 'NO-987 654 321');
    const attacker = await verifiedTrader('Shady Trading Ltd', 'XX-1');
    const res = await attacker.post('/api/kyc/identity-change', {
      companyName: 'nordic  ammonia, a.s.',
      registrationNumber: 'no987654321',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'Another verified company is registered as nordic  ammonia, a.s. with registration number no987654321. If it is yours, contact support.',
    );
    expect(await rowOf(attacker.user.id)).toMatchObject({
      kycStatus: 'approved',
      companyName: 'Shady Trading Ltd',
    });
    // The name alone, or the number alone, is not a collision.
    expect(
      (
        await attacker.post('/api/kyc/identity-change', {
          companyName: 'Nordic Ammonia AS',
          registrationNumber: 'XX-1',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('nor at a first verification: the KYB upload refuses it, and so does the approval of a late twin', async () => {
    await verifiedTrader('Kestrel Energy BV', 'NL-55');
    const copycat = await signedInAs(app, 'trader', { kycStatus: 'pending' });
    const refused = await upload(copycat, ['identity', 'address', 'company'], {
      companyName: 'KESTREL ENERGY B.V.',
      registrationNumber: 'nl 55',
    });
    expect(refused.statusCode).toBe(409);
    expect(await rowOf(copycat.user.id)).toMatchObject({ kycStatus: 'pending' });

    // Two submissions waiting at once: the first approved wins, the second's approval is refused.
    const first = await signedInAs(app, 'trader', {
      kycStatus: 'pending',
      companyName: 'Osprey H2',
      registrationNumber: 'DK-7',
    });
    const twin = await signedInAs(app, 'trader', {
      kycStatus: 'pending',
      companyName: 'OSPREY-H2',
      registrationNumber: 'dk 7',
    });
    for (const t of [first, twin])
      expect((await upload(t, ['identity', 'address', 'company'])).statusCode).toBe(201);
    for (const t of [first, twin]) await openDocuments(admin, t.user.id);
    expect(
      (await admin.post(`/api/admin/users/${first.user.id}/kyc`, { decision: 'approve' })).statusCode,
    ).toBe(200);
    const late = await admin.post(`/api/admin/users/${twin.user.id}/kyc`, { decision: 'approve' });
    expect(late.statusCode).toBe(409);
    expect((await rowOf(twin.user.id)).kycStatus).toBe('under_review');
  });
});
