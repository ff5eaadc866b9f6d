// Guarantees of Origin on this run's database (docs/carbon.md): who may enter, check and read
// certificates; an approval sets the carbon intensity campaigns and listings show; a delivered order's
// volume is cancelled in the buyer's name once — also when deliveries race for the last kilograms, and
// the database itself refuses a second count; the buyer's statement, the CBAM CSV and the public
// verification page's facts (nothing private).
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Campaign } from '../../../domain/campaign-schemas.ts';
import type { Listing } from '../../../domain/listings.ts';
import type { Order } from '../../../domain/orders.ts';
import type { CancellationFacts, CancellationStatement, Certificate } from '../../../domain/origin.ts';
import type { App } from '../../app.ts';
import { auditLog, certificateCancellations, originCertificates } from '../../db/schema/index.ts';
import { buildTestApp, createCampaign, testClock } from '../../../test/app.ts';
import { signedInAs, type Actor } from '../../../test/actor.ts';
import { FILES } from '../../../test/kyc.ts';
import { dayAfter, listingOf, move, orderAndPay } from '../../../test/marketplace.ts';
import { certificateFields, certificateFor, postCertificate } from '../../../test/origin.ts';

async function deliver(trader: Actor, orderId: string, now: Date): Promise<Order> {
  await move(trader, orderId, { to: 'confirmed' });
  await move(trader, orderId, { to: 'shipped', expectedDeliveryDate: dayAfter(now, 5) });
  return move(trader, orderId, { to: 'delivered' });
}

const certificateRow = async (app: App, id: string) =>
  (await app.db.select().from(originCertificates).where(eq(originCertificates.id, id)))[0]!;

describe('entering and checking a certificate', () => {
  it('is entered by the owning trader with the document, checked once by an admin, in the audit log', async () => {
    const app = await buildTestApp();
    const trader = await signedInAs(app, 'trader');
    const other = await signedInAs(app, 'trader');
    const buyer = await signedInAs(app, 'buyer');
    const admin = await signedInAs(app, 'admin');
    const listing = await listingOf(trader, { quantity: '100', minOrder: '10' });

    // Only the listing's trader; a buyer is refused by role, a visitor must sign in.
    const foreign = await postCertificate(app, other.token, { listingId: listing.id });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({
      error: 'You can only enter certificates for your own campaigns and listings',
    });
    expect((await postCertificate(app, buyer.token, { listingId: listing.id })).statusCode).toBe(403);
    expect((await postCertificate(app, null, { listingId: listing.id })).statusCode).toBe(401);
    // The document is required and must be a PDF, JPEG or PNG by its content; the fields are checked.
    const noFile = await postCertificate(
      app,
      trader.token,
      { listingId: listing.id },
      certificateFields(),
      null,
    );
    expect(noFile.statusCode).toBe(400);
    const exe = await postCertificate(
      app,
      trader.token,
      { listingId: listing.id },
      certificateFields(),
      FILES.exe(),
    );
    expect(exe.json()).toEqual({ error: 'The document must be a PDF, JPEG or PNG file' });
    const badPeriod = await postCertificate(
      app,
      trader.token,
      { listingId: listing.id },
      certificateFields({ productionStart: '2026-04-01', productionEnd: '2026-03-01' }),
    );
    expect(badPeriod.statusCode).toBe(400);
    expect(badPeriod.json()).toMatchObject({ error: 'Production end cannot be before its start' });
    // Another trader's campaign is refused before its upload is read; an unknown listing is not found.
    const theirs = await createCampaign(app.db, { traderId: other.user.id, reviewStatus: 'approved' });
    expect((await postCertificate(app, trader.token, { campaignId: theirs.id })).statusCode).toBe(403);
    const unknown = await postCertificate(app, trader.token, { listingId: crypto.randomUUID() });
    expect(unknown.json()).toEqual({ error: 'Listing not found' });
    expect(await app.db.select().from(originCertificates)).toHaveLength(0);

    const created = await certificateFor(app, trader, null, { listingId: listing.id });
    expect(created).toMatchObject({
      status: 'pending',
      volumeKg: '100000.00',
      cancelledKg: '0.00',
      carbonIntensity: '3.248',
      carbon: { total: '3.248', rfnbo: true, shipping: '0.648' },
    });
    // Pending: the listing shows no figure yet.
    expect((await buyer.get(`/api/listings/${listing.id}`)).json<Listing>().carbonIntensity).toBeNull();
    // The trader and admins read the list and the document; another trader sees none of it.
    expect((await trader.get('/api/certificates')).json<Certificate[]>().map((c) => c.id)).toEqual([
      created.id,
    ]);
    expect((await other.get('/api/certificates')).json<Certificate[]>()).toEqual([]);
    expect(
      (await admin.get('/api/certificates?status=pending')).json<Certificate[]>().map((c) => c.id),
    ).toContain(created.id);
    expect((await buyer.get('/api/certificates')).statusCode).toBe(403);
    const doc = await admin.get(created.documentUrl);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect((await other.get(created.documentUrl)).statusCode).toBe(404);

    // A rejection needs its reason; only admins decide; a decision is final.
    expect(
      (await admin.post(`/api/admin/certificates/${created.id}/review`, { decision: 'reject' })).statusCode,
    ).toBe(400);
    expect(
      (await trader.post(`/api/admin/certificates/${created.id}/review`, { decision: 'approve' })).statusCode,
    ).toBe(403);
    const approved = await admin.post(`/api/admin/certificates/${created.id}/review`, {
      decision: 'approve',
    });
    expect(approved.json<Certificate>()).toMatchObject({ status: 'approved', rejectionReason: null });
    const again = await admin.post(`/api/admin/certificates/${created.id}/review`, {
      decision: 'reject',
      reason: 'Changed my mind',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This certificate has been checked already' });
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.targetId, created.id));
    expect(audit.map((a) => a.action)).toEqual(['certificate.approve']);

    // The listing (cached page and detail) now carries the figure.
    expect((await buyer.get(`/api/listings/${listing.id}`)).json<Listing>().carbonIntensity).toBe('3.248');
    const page = (await buyer.get('/api/listings')).json<Listing[]>();
    expect(page.find((l) => l.id === listing.id)?.carbonIntensity).toBe('3.248');
  });

  it('gives a campaign the highest intensity of its approved certificates; a rejected one counts for nothing', async () => {
    const app = await buildTestApp();
    const trader = await signedInAs(app, 'trader');
    const admin = await signedInAs(app, 'admin');
    const campaign = await createCampaign(app.db, { traderId: trader.user.id, reviewStatus: 'approved' });
    const fetchCampaign = async () => (await trader.get(`/api/campaigns/${campaign.id}`)).json<Campaign>();
    expect((await fetchCampaign()).carbonIntensity).toBeNull();

    await certificateFor(
      app,
      trader,
      admin,
      { campaignId: campaign.id },
      { productionIntensity: '0.500', shippingDistanceKm: '6000' },
    );
    expect((await fetchCampaign()).carbonIntensity).toBe('2.238');
    await certificateFor(app, trader, admin, { campaignId: campaign.id }, { productionIntensity: '2.000' });
    expect((await fetchCampaign()).carbonIntensity).toBe('4.048');

    const rejected = await certificateFor(
      app,
      trader,
      null,
      { campaignId: campaign.id },
      { productionIntensity: '9.000' },
    );
    const res = await admin.post(`/api/admin/certificates/${rejected.id}/review`, {
      decision: 'reject',
      reason: 'The document is for another plant',
    });
    expect(res.json<Certificate>()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The document is for another plant',
    });
    expect((await fetchCampaign()).carbonIntensity).toBe('4.048');
    // The public list (cached) carries it too.
    const list = (await (await signedInAs(app, 'investor')).get('/api/campaigns')).json<Campaign[]>();
    expect(list.find((c) => c.id === campaign.id)?.carbonIntensity).toBe('4.048');
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.action, 'certificate.reject'));
    expect(entry).toMatchObject({ targetId: rejected.id, reason: 'The document is for another plant' });
  });
});

describe('cancelling a delivered order’s volume in the buyer’s name', () => {
  it('cancels once at delivery: the order links its statement and the public verification, which shows nothing private', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const trader = await signedInAs(app, 'trader');
    const buyer = await signedInAs(app, 'buyer', { companyName: 'Rhein Stahlwerke AG' });
    const stranger = await signedInAs(app, 'buyer');
    const admin = await signedInAs(app, 'admin');
    const listing = await listingOf(trader, { quantity: '100', minOrder: '10', pricePerKg: '5.60' });
    const certificate = await certificateFor(app, trader, admin, { listingId: listing.id });

    const { order } = await orderAndPay(buyer, listing, '12.5');
    expect(order!.certificate).toBeNull();
    expect((await buyer.get(`/api/orders/${order!.id}/certificate`)).json()).toEqual({
      error: 'No certificate has been cancelled for this order',
    });
    const delivered = await deliver(trader, order!.id, clock());
    expect(delivered.certificate).toEqual({
      statementUrl: `/buyer/orders/${order!.id}/certificate`,
      verificationUrl: expect.stringMatching(/^\/verify\/[A-Z2-9]{20}$/),
    });
    const read = (await buyer.get(`/api/orders/${order!.id}`)).json<Order>();
    expect(read.certificate).toEqual(delivered.certificate);
    // 12.5 t = 12,500 kg cancelled from the 100,000 kg certificate.
    expect((await certificateRow(app, certificate.id)).cancelledKg).toBe('12500.00');

    const statement = await buyer.get(`/api/orders/${order!.id}/certificate`);
    expect(statement.statusCode).toBe(200);
    const facts = statement.json<CancellationStatement>();
    expect(facts).toMatchObject({
      statementNumber: expect.stringMatching(/^HB-GO-\d{6}$/),
      beneficiary: 'Rhein Stahlwerke AG',
      supplierName: 'Test Trading Ltd',
      volumeKg: '12500.00',
      orderQuantityKg: '12500.00',
      issuingBody: 'CertifHy',
      idRangeStart: 'CH-IN-2026-000001',
      plant: 'Kandla Green Hydrogen Plant 1',
      carbon: { total: '3.248', rfnbo: true },
      verificationUrl: `http://localhost:5000${read.certificate!.verificationUrl}`,
    });
    // The supplier and admins read it; another buyer does not learn the order exists.
    expect((await trader.get(`/api/orders/${order!.id}/certificate`)).statusCode).toBe(200);
    expect((await admin.get(`/api/orders/${order!.id}/certificate`)).statusCode).toBe(200);
    expect((await stranger.get(`/api/orders/${order!.id}/certificate`)).json()).toEqual({
      error: 'Order not found',
    });

    // Signed out: the facts, and no order id, email or price anywhere in the answer.
    const code = facts.verificationCode;
    const publicRes = await app.inject({ url: `/api/verify/${code}` });
    expect(publicRes.statusCode).toBe(200);
    const publicFacts = publicRes.json<CancellationFacts>();
    const { orderId: _o, orderQuantityKg: _q, csvUrl: _c, ...shared } = facts;
    expect(publicFacts).toEqual(shared);
    for (const secret of [order!.id, buyer.user.email!, '5.60', '70000', buyer.user.id])
      expect(publicRes.body).not.toContain(secret);
    expect((await app.inject({ url: '/api/verify/AAAAAAAAAAAAAAAAAAAA' })).json()).toEqual({
      error: 'No cancellation statement has this verification code',
    });

    // The CBAM file: one row with what an importer reports.
    const csv = await buyer.get(`/api/orders/${order!.id}/carbon.csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header!.split(',').slice(0, 6)).toEqual([
      'statement_number',
      'verification_url',
      'delivered_at',
      'cn_code',
      'goods',
      'quantity_tonnes',
    ]);
    expect(row).toContain(
      ',2804 10 00,Hydrogen,12.500,IN,Kandla Green Hydrogen Plant 1,2026-01-01,2026-03-31,1.200,15.000,3.248,',
    );
    expect((await stranger.get(`/api/orders/${order!.id}/carbon.csv`)).statusCode).toBe(404);
  });

  it('never cancels more than a certificate holds, once per order, when deliveries race', async () => {
    const clock = testClock();
    const app = await buildTestApp({ clock });
    const trader = await signedInAs(app, 'trader');
    const admin = await signedInAs(app, 'admin');
    const listing = await listingOf(trader, { quantity: '200', minOrder: '10' });
    // 25 t of certificates for five orders of 10 t: two whole, one partial (5 t), two none.
    const certificate = await certificateFor(
      app,
      trader,
      admin,
      { listingId: listing.id },
      { volumeKg: '25000' },
    );
    const orderIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const buyer = await signedInAs(app, 'buyer');
      const { order } = await orderAndPay(buyer, listing, '10');
      await move(trader, order!.id, { to: 'confirmed' });
      await move(trader, order!.id, { to: 'shipped', expectedDeliveryDate: dayAfter(clock(), 5) });
      orderIds.push(order!.id);
    }
    // Every delivery at once, each twice.
    const answers = await Promise.all(
      [...orderIds, ...orderIds].map((id) =>
        trader.post(`/api/orders/${id}/transitions`, { to: 'delivered' }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);

    const cancellations = await app.db.select().from(certificateCancellations);
    expect(new Set(cancellations.map((c) => c.orderId)).size).toBe(cancellations.length);
    expect(cancellations.map((c) => c.volumeKg).sort()).toEqual(['10000.00', '10000.00', '5000.00']);
    expect((await certificateRow(app, certificate.id)).cancelledKg).toBe('25000.00');

    // The database refuses what the code never does: a second cancellation of an order, a volume past
    // the certificate's, an edit or removal of a cancellation, a cancelled volume set by hand.
    const first = cancellations[0]!;
    const insert = (orderId: string, volumeKg: string) =>
      app.db.insert(certificateCancellations).values({
        orderId,
        certificateId: certificate.id,
        buyerId: first.buyerId,
        beneficiary: 'x',
        volumeKg,
        code: `TEST${Math.random().toString(36).slice(2, 18).toUpperCase()}`,
      });
    await expect(insert(first.orderId, '1')).rejects.toThrow();
    const uncancelled = orderIds.find((id) => !cancellations.some((c) => c.orderId === id))!;
    await expect(insert(uncancelled, '1')).rejects.toThrow();
    await expect(
      app.db.execute(sql`update certificate_cancellations set volume_kg = 1 where id = ${first.id}`),
    ).rejects.toThrow();
    await expect(
      app.db.execute(sql`delete from certificate_cancellations where id = ${first.id}`),
    ).rejects.toThrow();
    await expect(
      app.db.execute(sql`update origin_certificates set cancelled_kg = 0 where id = ${certificate.id}`),
    ).rejects.toThrow();
    expect((await certificateRow(app, certificate.id)).cancelledKg).toBe('25000.00');
    expect(await app.db.select().from(certificateCancellations)).toHaveLength(3);
  });
});
