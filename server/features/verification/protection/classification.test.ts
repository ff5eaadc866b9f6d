// Investor classification (docs/investor-protection.md): an investor applies to be sophisticated with
// the regulation's criteria and evidence; an admin approves (two years) or rejects with a reason, in
// the audit log; a sophisticated investor skips the test and the warning (the KIIS stays); the status
// ends after two years (injected clock), at read time and in the sweep.
import { outboxMail } from '../../../../test/auth.ts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { auditLog, storedFiles, users } from '../../../db/schema/index.ts';
import { buildTestApp, createCampaign, testClock } from '../../../../test/app.ts';
import { signedInAs, type Actor } from '../../../../test/actor.ts';
import { FILES, multipart, type Part } from '../../../../test/kyc.ts';
import { SESSION_COOKIE } from '../../accounts/index.ts';
import { freshIp } from '../../../../test/actor.ts';
import { sweepExpiredClassifications } from './classification.ts';

const clock = testClock();
let app: App;
let admin: Actor;
const YEAR_MS = 365 * 86_400_000;

beforeAll(async () => {
  app = await buildTestApp({ clock });
  admin = await signedInAs(app, 'admin');
});

const evidence = (content = FILES.pdf()): Part => ({
  name: 'evidence',
  filename: 'statement.pdf',
  contentType: 'application/pdf',
  content,
});

function apply(actor: Actor, parts: Part[]) {
  const { body, contentType } = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/api/investor/classification',
    remoteAddress: freshIp(),
    headers: { 'content-type': contentType, cookie: `${SESSION_COOKIE}=${actor.token}` },
    payload: body,
  });
}

const naturalParts = (criteria = 'incomeOrPortfolio,professionalExperience') => [
  { name: 'personType', content: 'natural' },
  { name: 'criteria', content: criteria },
  { name: 'statement', content: 'Portfolio statement from my broker attached.' },
  evidence(),
];

const newInvestor = () => signedInAs(app, 'investor', {}, { appropriateness: false });

describe('applying to be sophisticated', () => {
  it('starts non-sophisticated; an application with two criteria and evidence waits for review (201)', async () => {
    const investor = await newInvestor();
    expect((await investor.get('/api/investor/classification')).json()).toEqual({
      sophisticated: false,
      validUntil: null,
      latest: null,
    });
    // Evidence is a list: the form sends several files in its one field.
    const res = await apply(investor, [...naturalParts(), { ...evidence(), filename: 'payslips.pdf' }]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      sophisticated: false,
      latest: {
        personType: 'natural',
        criteria: ['incomeOrPortfolio', 'professionalExperience'],
        status: 'pending',
        documents: [
          { fileName: 'statement.pdf', contentType: 'application/pdf' },
          { fileName: 'payslips.pdf', contentType: 'application/pdf' },
        ],
      },
    });
    const again = await apply(investor, naturalParts());
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Your application is already waiting for review');
  });

  it('refuses too few criteria, a criterion of the other kind, no evidence and a file that is not a document (400, nothing stored)', async () => {
    const investor = await newInvestor();
    const cases: Array<[Part[], RegExp]> = [
      [naturalParts('incomeOrPortfolio'), /at least two/],
      [naturalParts('incomeOrPortfolio,turnover'), /does not apply/],
      [
        [{ name: 'personType', content: 'legal' }, { name: 'criteria', content: '' }, evidence()],
        /at least one/,
      ],
      [
        [{ name: 'personType', content: 'trust' }, { name: 'criteria', content: 'ownFunds' }, evidence()],
        /person or as a company/,
      ],
      [naturalParts().filter((p) => p.name !== 'evidence'), /Attach at least one document/],
      [[...naturalParts().slice(0, 2), evidence(FILES.exe())], /only PDF, JPEG or PNG/],
    ];
    for (const [parts, message] of cases) {
      const res = await apply(investor, parts);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    expect((await investor.get('/api/investor/classification')).json().latest).toBeNull();
    // A refused application keeps none of its files.
    expect(await app.db.select().from(storedFiles).where(eq(storedFiles.ownerId, investor.user.id))).toEqual(
      [],
    );
    const json = await investor.post('/api/investor/classification', { personType: 'natural' });
    expect(json.statusCode).toBe(400);
  });

  it('lets only the investor who sent it and admins read the evidence', async () => {
    const investor = await newInvestor();
    const sent = await apply(investor, naturalParts());
    const docId = sent.json().latest.documents[0].id;
    const url = `/api/investor/classification/documents/${docId}`;
    expect((await investor.get(url)).headers['content-type']).toBe('application/pdf');
    expect((await admin.get(url)).statusCode).toBe(200);
    const other = await newInvestor();
    expect((await other.get(url)).statusCode).toBe(404);
  });
});

describe('the admin review', () => {
  it('queues pending applications; approving makes the investor sophisticated for two years, in the audit log', async () => {
    const investor = await newInvestor();
    const applied = await apply(investor, [
      { name: 'personType', content: 'legal' },
      { name: 'criteria', content: 'balanceSheet' },
      evidence(),
    ]);
    const id = applied.json().latest.id;
    const queue = (await admin.get('/api/admin/classifications')).json();
    expect(queue).toContainEqual(
      expect.objectContaining({ id, investorEmail: investor.user.email, criteria: ['balanceSheet'] }),
    );
    const approved = await admin.post(`/api/admin/classifications/${id}`, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    const twoYears = new Date(clock().getTime());
    twoYears.setUTCFullYear(twoYears.getUTCFullYear() + 2);
    expect(approved.json()).toMatchObject({ status: 'approved', validUntil: twoYears.toISOString() });
    expect((await investor.get('/api/auth/me')).json()).toMatchObject({ isAccredited: true });
    expect((await investor.get('/api/investor/classification')).json()).toMatchObject({
      sophisticated: true,
      validUntil: twoYears.toISOString(),
    });
    const told = await outboxMail(
      app,
      investor.user.email!,
      'You are now classed as a sophisticated investor',
    );
    expect(told!.text).toContain(`until ${twoYears.toISOString().slice(0, 10)}`);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'classification.approve'), eq(auditLog.targetId, id)));
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'classification' });
    expect(
      (await admin.get('/api/admin/classifications')).json().map((a: { id: string }) => a.id),
    ).not.toContain(id);
    const twice = await admin.post(`/api/admin/classifications/${id}`, {
      decision: 'reject',
      reason: 'Changed my mind',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('rejects with a reason the investor sees; a reason is required; the investor may apply again', async () => {
    const investor = await newInvestor();
    const id = (await apply(investor, naturalParts())).json().latest.id;
    const noReason = await admin.post(`/api/admin/classifications/${id}`, { decision: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toMatch(/reason/);
    const rejected = await admin.post(`/api/admin/classifications/${id}`, {
      decision: 'reject',
      reason: 'The statement does not show the portfolio value',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await investor.get('/api/investor/classification')).json()).toMatchObject({
      sophisticated: false,
      latest: { status: 'rejected', rejectionReason: 'The statement does not show the portfolio value' },
    });
    const told = await outboxMail(
      app,
      investor.user.email!,
      'Your application to be classed as a sophisticated investor',
    );
    expect(told!.text).toContain(
      'We could not approve your application: The statement does not show the portfolio value',
    );
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(entry).toMatchObject({
      action: 'classification.reject',
      reason: 'The statement does not show the portfolio value',
    });
    expect((await apply(investor, naturalParts())).statusCode).toBe(201);
    expect(
      (
        await admin.post('/api/admin/classifications/00000000-0000-4000-8000-000000000000', {
          decision: 'approve',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('is for admins only', async () => {
    const investor = await newInvestor();
    expect((await investor.get('/api/admin/classifications')).statusCode).toBe(403);
    const id = (await apply(investor, naturalParts())).json().latest.id;
    expect(
      (await investor.post(`/api/admin/classifications/${id}`, { decision: 'approve' })).statusCode,
    ).toBe(403);
  });
});

describe('a sophisticated investor', () => {
  it('skips the test and the warning (the KIIS stays) until the two years end; then is treated as non-sophisticated and the sweep clears the flag', async () => {
    const investor = await newInvestor();
    const id = (await apply(investor, naturalParts())).json().latest.id;
    await admin.post(`/api/admin/classifications/${id}`, { decision: 'approve' });
    const campaign = await createCampaign(app.db, {
      targetAmount: '1000000.00',
      deadline: new Date(clock().getTime() + 3 * YEAR_MS),
    });
    expect((await investor.get('/api/investor/appropriateness')).json()).toMatchObject({
      status: 'done',
      sophisticated: true,
      riskWarningAbove: null,
    });
    const body = { amount: '50000.00', campaignId: campaign.id, investorId: investor.user.id };
    const asked = await investor.post('/api/create-payment-intent', body);
    expect(asked.statusCode).toBe(428);
    expect(asked.json().required).toEqual(['kiis']);
    const opened = await investor.post('/api/create-payment-intent', {
      ...body,
      acknowledgements: { kiisVersion: campaign.termsVersion },
    });
    expect(opened.statusCode, opened.body).toBe(200);

    clock.advance(2 * YEAR_MS + 2 * 86_400_000);
    expect((await investor.get('/api/auth/me')).json().isAccredited).toBe(false);
    expect((await investor.get('/api/investor/appropriateness')).json()).toMatchObject({
      status: 'required',
      sophisticated: false,
    });
    const refused = await investor.post('/api/create-payment-intent', {
      ...body,
      acknowledgements: { kiisVersion: campaign.termsVersion },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('APPROPRIATENESS_REQUIRED');
    expect(await sweepExpiredClassifications(app.db, clock())).toBeGreaterThanOrEqual(1);
    const [row] = await app.db
      .select({ flag: users.isAccredited })
      .from(users)
      .where(eq(users.id, investor.user.id));
    expect(row!.flag).toBe(false);
  });
});
