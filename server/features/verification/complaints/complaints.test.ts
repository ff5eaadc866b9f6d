// Complaints on the API, on this run's backend: filing (each refusal, with and without an attachment),
// references unique and in order under concurrency, the acknowledgement email, the admin queue by
// deadline with overdue ones marked, the outcome recorded, emailed and in the audit log, and privacy.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMPLAINT_MESSAGES, complaintReference } from '../../../../domain/complaints.ts';
import type { App } from '../../../app.ts';
import { auditLog, complaints, storedFiles } from '../../../db/schema/index.ts';
import { buildTestApp, testClock } from '../../../../test/app.ts';
import { outboxMail } from '../../../../test/auth.ts';
import { freshIp } from '../../../../test/actor.ts';
import { signedInAs, type Actor } from '../../../../test/actor.ts';
import { FILES, multipart, type Part } from '../../../../test/kyc.ts';
import { SESSION_COOKIE } from '../../accounts/index.ts';

// Wednesday 4 March 2026, 10:00 UTC: 15 business days later is Wednesday 25 March.
const clock = testClock(new Date('2026-03-04T10:00:00Z'));
let app: App;
let admin: Actor;
beforeAll(async () => {
  app = await buildTestApp({ clock });
  admin = await signedInAs(app, 'admin');
});

const TEXT = 'My withdrawal of $500 on 2 March has not reached my bank account.';
const file = (actor: Actor, body: unknown) => actor.post('/api/complaints', body as never);

function fileWithParts(actor: Actor, parts: Part[]) {
  const { body, contentType } = multipart(parts);
  return app.inject({
    method: 'POST',
    url: '/api/complaints',
    remoteAddress: freshIp(),
    headers: { 'content-type': contentType, cookie: `${SESSION_COOKIE}=${actor.token}` },
    payload: body,
  });
}
const filesOf = (userId: string) => app.db.select().from(storedFiles).where(eq(storedFiles.ownerId, userId));
const complaintsOf = (userId: string) =>
  app.db.select().from(complaints).where(eq(complaints.userId, userId));

describe('filing a complaint', () => {
  it('gives a reference, the deadline, and emails the acknowledgement', async () => {
    const investor = await signedInAs(app, 'investor');
    const res = await file(investor, { category: 'payment', text: TEXT });
    expect(res.statusCode, res.body).toBe(201);
    const complaint = res.json();
    expect(complaint).toMatchObject({
      reference: expect.stringMatching(/^HB-C-2026-\d{6}$/),
      category: 'payment',
      text: TEXT,
      status: 'open',
      receivedAt: '2026-03-04T10:00:00.000Z',
      acknowledgedAt: '2026-03-04T10:00:00.000Z',
      decisionDueAt: '2026-03-25T10:00:00.000Z',
      overdue: false,
      attachment: null,
      outcome: null,
    });
    const mail = await outboxMail(
      app,
      investor.user.email!,
      `We received your complaint ${complaint.reference}`,
    );
    expect(mail!.text).toContain(`Its reference is ${complaint.reference}`);
    expect(mail!.text).toContain('received your complaint on 4 March 2026');
    expect(mail!.text).toContain('by 25 March 2026 (15 business days)');
    expect(mail!.text).toContain('A payment or withdrawal');
    expect(mail!.text).toContain('/complaints');
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.targetId, complaint.id));
    expect(audit).toMatchObject({
      action: 'complaint.file',
      actorId: investor.user.id,
      targetType: 'complaint',
    });
  });

  it('is open to every role, admins included', async () => {
    for (const role of ['trader', 'buyer', 'admin'] as const) {
      const res = await file(await signedInAs(app, role), { category: 'other', text: TEXT });
      expect(res.statusCode, role).toBe(201);
    }
    expect(
      (await callsAnonymous().post('/api/complaints', { category: 'other', text: TEXT })).statusCode,
    ).toBe(401);
  });

  it.each([
    ['no category', { text: TEXT }, 'category', COMPLAINT_MESSAGES.category],
    ['an unknown category', { category: 'weather', text: TEXT }, 'category', COMPLAINT_MESSAGES.category],
    ['no text', { category: 'order' }, 'text', COMPLAINT_MESSAGES.textShort],
    ['a text too short', { category: 'order', text: 'Bad.' }, 'text', COMPLAINT_MESSAGES.textShort],
    ['a text of spaces', { category: 'order', text: ' '.repeat(40) }, 'text', COMPLAINT_MESSAGES.textShort],
    ['a text too long', { category: 'order', text: 'x'.repeat(5001) }, 'text', COMPLAINT_MESSAGES.textLong],
  ])('refuses %s, naming the field, storing nothing', async (_name, body, field, message) => {
    const investor = await signedInAs(app, 'investor');
    const res = await file(investor, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields?.[field] ?? res.json().error).toContain(message);
    expect(await complaintsOf(investor.user.id)).toEqual([]);
  });

  it('takes an attachment, which its complainant and admins can read back', async () => {
    const investor = await signedInAs(app, 'investor');
    const res = await fileWithParts(investor, [
      { name: 'category', content: 'investment' },
      { name: 'text', content: TEXT },
      { name: 'attachment', filename: 'statement.pdf', contentType: 'application/pdf', content: FILES.pdf() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const complaint = res.json();
    expect(complaint.attachment).toEqual({
      fileName: 'statement.pdf',
      contentType: 'application/pdf',
      size: FILES.pdf().length,
    });
    const own = await investor.get(`/api/complaints/${complaint.id}/attachment`);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(FILES.pdf())).toBe(true);
    expect((await admin.get(`/api/complaints/${complaint.id}/attachment`)).statusCode).toBe(200);
    const other = await signedInAs(app, 'investor');
    expect((await other.get(`/api/complaints/${complaint.id}/attachment`)).statusCode).toBe(404);
  });

  it('refuses a wrong attachment, or valid files with a bad form, keeping no file', async () => {
    const investor = await signedInAs(app, 'investor');
    const exe = await fileWithParts(investor, [
      { name: 'category', content: 'investment' },
      { name: 'text', content: TEXT },
      { name: 'attachment', filename: 'statement.pdf', content: FILES.exe() },
    ]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json()).toMatchObject({
      error: COMPLAINT_MESSAGES.attachmentType,
      fields: { attachment: COMPLAINT_MESSAGES.attachmentType },
    });
    const badText = await fileWithParts(investor, [
      { name: 'category', content: 'investment' },
      { name: 'text', content: 'Short' },
      { name: 'attachment', filename: 'statement.pdf', content: FILES.pdf() },
    ]);
    expect(badText.statusCode).toBe(400);
    expect(badText.json().fields).toEqual({ text: COMPLAINT_MESSAGES.textShort });
    const wrongField = await fileWithParts(investor, [
      { name: 'category', content: 'investment' },
      { name: 'text', content: TEXT },
      { name: 'evidence', filename: 'statement.pdf', content: FILES.pdf() },
    ]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error).toBe(COMPLAINT_MESSAGES.attachmentField);
    expect(await complaintsOf(investor.user.id)).toEqual([]);
    expect(await filesOf(investor.user.id)).toEqual([]);
  });

  it('numbers references one after another, none twice, when many are filed at once', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => signedInAs(app, 'investor')));
    const before = (await app.db.select({ r: complaints.reference }).from(complaints)).length;
    const answers = await Promise.all(users.map((u) => file(u, { category: 'account', text: TEXT })));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    const refs = answers.map((a) => a.json().reference as string).sort();
    expect(refs).toEqual(Array.from({ length: 12 }, (_, i) => complaintReference(2026, before + i + 1)));
  });

  it('shows users their own complaints only', async () => {
    const a = await signedInAs(app, 'buyer');
    const b = await signedInAs(app, 'buyer');
    const mine = (await file(a, { category: 'order', text: TEXT })).json();
    expect((await a.get('/api/complaints')).json().map((c: { id: string }) => c.id)).toEqual([mine.id]);
    expect((await b.get('/api/complaints')).json()).toEqual([]);
  });
});

describe('the admin queue', () => {
  it('lists open complaints by deadline (overdue marked) before decided ones, and only to admins', async () => {
    const user = await signedInAs(app, 'investor');
    const early = (await file(user, { category: 'campaign', text: TEXT })).json();
    clock.advance(22 * 86_400_000); // the first is now past its 15 business days (21 calendar days)
    const late = (await file(user, { category: 'campaign', text: TEXT })).json();
    const queue = (await admin.get('/api/admin/complaints')).json() as Array<Record<string, unknown>>;
    const open = queue.filter((c) => c.status === 'open');
    expect(queue.slice(0, open.length)).toEqual(open);
    const dues = open.map((c) => c.decisionDueAt as string);
    expect(dues).toEqual([...dues].sort());
    expect(queue.find((c) => c.id === early.id)).toMatchObject({
      overdue: true,
      complainant: { id: user.user.id, email: user.user.email },
    });
    expect(queue.find((c) => c.id === late.id)).toMatchObject({ overdue: false });
    expect((await user.get('/api/admin/complaints')).statusCode).toBe(403);
  });

  it('records an outcome with its response, emails it, audits it, and refuses a second one', async () => {
    const user = await signedInAs(app, 'investor');
    const complaint = (await file(user, { category: 'payment', text: TEXT })).json();
    const response = 'Your withdrawal was delayed by our bank; it reached your account on 5 March.';
    const bad = await admin.post(`/api/admin/complaints/${complaint.id}/outcome`, {
      outcome: 'maybe',
      response,
    });
    expect(bad.statusCode).toBe(400);
    const res = await admin.post(`/api/admin/complaints/${complaint.id}/outcome`, {
      outcome: 'partly_upheld',
      response,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'decided',
      outcome: 'partly_upheld',
      response,
      decidedBy: admin.user.email,
    });
    const mine = (await user.get('/api/complaints')).json()[0];
    expect(mine).toMatchObject({ status: 'decided', outcome: 'partly_upheld', response });
    const mail = await outboxMail(
      app,
      user.user.email!,
      `Our decision on your complaint ${complaint.reference}`,
    );
    expect(mail!.text).toContain('Outcome: Partly upheld.');
    expect(mail!.text).toContain(response);
    const trail = await app.db.select().from(auditLog).where(eq(auditLog.targetId, complaint.id));
    expect(trail.map((t) => t.action)).toEqual(['complaint.file', 'complaint.decide']);
    expect(trail[1]).toMatchObject({ actorId: admin.user.id, reason: response });
    const again = await admin.post(`/api/admin/complaints/${complaint.id}/outcome`, {
      outcome: 'upheld',
      response,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(COMPLAINT_MESSAGES.alreadyDecided);
    const unknown = await admin.post(`/api/admin/complaints/${crypto.randomUUID()}/outcome`, {
      outcome: 'upheld',
      response,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

function callsAnonymous() {
  return {
    post: (url: string, body: unknown) =>
      app.inject({
        method: 'POST',
        url,
        remoteAddress: freshIp(),
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      }),
  };
}
