// Money out to bank accounts (docs/money.md) through the HTTP API on both databases: the bank account
// verified as it is added (a valid IBAN, held by the verified identity, KYC approved) with only its
// masked form ever leaving the server; investors' withdrawals (the balance falls, the payout is paid;
// a bank that refuses it returns the money to the balance, and the account says so); a trader's
// release refused by the bank waits in their balance until a working account takes it; two withdrawals
// at once never take more than the balance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PAYING_IBAN } from '../../../domain/payments.ts';
import type { App } from '../../app.ts';
import { buildTestApp } from '../../../test/app.ts';
import { callsAs, signedInAs, type Actor } from '../../../test/actor.ts';
import { addBankAccount, campaignOf, startTrading } from '../../../test/money.ts';
import {
  campaignThroughApi,
  cashAccount,
  expectSoundLedger,
  paidOutCampaign,
} from '../../../test/money-campaigns.ts';

// Sophisticated investors: no reflection period (issue 19), so trading may start right after funding.
const SOPHISTICATED = { isAccredited: true };

/** The sandbox refuses payouts to these (domain/payments.ts SANDBOX_FAILING_IBANS). */
const NO_SUCH_ACCOUNT = 'DE62370400440532013001';
const ACCOUNT_CLOSED = 'DE35370400440532013002';

let app: App;
let admin: Actor;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, 'admin');
});

afterAll(async () => {
  await expectSoundLedger(app);
});

const holderOf = (actor: Actor) => `${actor.user.firstName} ${actor.user.lastName}`;
const putBank = (actor: Actor, body: Record<string, unknown>) => actor.put('/api/bank-account', body);
const withdraw = (actor: Actor, amount: unknown) => actor.post('/api/withdrawals', { amount });

describe('PUT /api/bank-account', () => {
  it('refuses an invalid IBAN naming the field, and changes nothing', async () => {
    const investor = await signedInAs(app, 'investor', SOPHISTICATED);
    for (const iban of ['DE89370400440532013001', 'XX00 1234', 'DE8937040044053201300012345']) {
      const res = await putBank(investor, { holderName: holderOf(investor), iban });
      expect(res.statusCode, iban).toBe(400);
      expect(res.json()).toEqual({
        error: 'This IBAN is not valid: check the country code, the digits and the length',
        fields: { iban: 'This IBAN is not valid: check the country code, the digits and the length' },
      });
    }
    const missing = await putBank(investor, { holderName: holderOf(investor) });
    expect([missing.statusCode, missing.json().fields]).toEqual([400, { iban: 'IBAN is required' }]);
    const extra = await putBank(investor, {
      holderName: holderOf(investor),
      iban: SANDBOX_PAYING_IBAN,
      bic: 'X',
    });
    expect(extra.statusCode).toBe(400);
    expect((await cashAccount(investor)).bankAccount).toBeNull();
  });

  it('takes only an account held by the verified identity: the person for investors, the company for traders', async () => {
    const investor = await signedInAs(app, 'investor', SOPHISTICATED);
    const someoneElse = await putBank(investor, {
      holderName: 'Mallory Moneymule',
      iban: SANDBOX_PAYING_IBAN,
    });
    expect([someoneElse.statusCode, someoneElse.json().error]).toEqual([
      400,
      `The account must be held by ${holderOf(investor)}, as verified: money is only paid to its owner`,
    ]);
    expect((await cashAccount(investor)).bankAccount).toBeNull();
    // Written as people write it: case and spacing do not matter, nor the IBAN's grouping.
    const ok = await putBank(investor, {
      holderName: `  ${holderOf(investor).toUpperCase().replace(' ', '   ')} `,
      iban: 'de89 3704 0044 0532 0130 00',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ ibanMasked: 'DE•• •••• •••• •••• •••• 3000', country: 'DE' });

    const trader = await signedInAs(app, 'trader');
    const personal = await putBank(trader, { holderName: holderOf(trader), iban: SANDBOX_PAYING_IBAN });
    expect([personal.statusCode, personal.json().error]).toEqual([
      400,
      'The account must be held by Test Trading Ltd, as verified: money is only paid to its owner',
    ]);
    expect(
      (await putBank(trader, { holderName: 'Test Trading Ltd', iban: SANDBOX_PAYING_IBAN })).statusCode,
    ).toBe(200);
  });

  it('is refused to users not yet verified (403), to buyers and admins, and to nobody signed in', async () => {
    const pendingKyc = await signedInAs(app, 'investor', { kycStatus: 'pending' });
    const unverifiedEmail = await signedInAs(app, 'investor', { emailVerified: false });
    for (const actor of [pendingKyc, unverifiedEmail]) {
      const res = await putBank(actor, { holderName: holderOf(actor), iban: SANDBOX_PAYING_IBAN });
      expect([res.statusCode, res.json().error]).toEqual([
        403,
        'Verify your email and complete your KYC verification before adding a bank account',
      ]);
      expect((await cashAccount(actor)).bankAccount).toBeNull();
    }
    const buyer = await signedInAs(app, 'buyer');
    expect(
      (await putBank(buyer, { holderName: 'Test Steel GmbH', iban: SANDBOX_PAYING_IBAN })).statusCode,
    ).toBe(403);
    expect(
      (await putBank(admin, { holderName: holderOf(admin), iban: SANDBOX_PAYING_IBAN })).statusCode,
    ).toBe(403);
    const anonymous = await callsAs(app, null).put('/api/bank-account', {
      holderName: 'X',
      iban: SANDBOX_PAYING_IBAN,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('never sends the full IBAN back: not when added, not in the cash account, not to admins', async () => {
    const investor = await signedInAs(app, 'investor', SOPHISTICATED);
    const iban = 'GB82WEST12345698765432';
    const added = await putBank(investor, { holderName: holderOf(investor), iban });
    expect(added.statusCode, added.body).toBe(200);
    const account = await investor.get('/api/cash-account');
    const adminView = await admin.get(`/api/admin/users/${investor.user.id}`);
    expect(adminView.statusCode).toBe(200);
    for (const res of [added, account, adminView]) {
      expect(res.body).not.toContain(iban);
      expect(res.body).not.toContain('12345698765432');
    }
    expect(account.json().bankAccount).toMatchObject({
      ibanMasked: 'GB•• •••• •••• •••• •••• 5432',
      holderName: holderOf(investor),
    });
    // A new account replaces it: payouts go there from now on.
    await addBankAccount(investor);
    expect((await cashAccount(investor)).bankAccount!.ibanMasked).toBe('DE•• •••• •••• •••• •••• 3000');
  });
});

describe('withdrawals from the cash account', () => {
  it('sends part of the balance to the verified bank account: the balance falls, the payout is paid', async () => {
    const investor = await signedInAs(app, 'investor', SOPHISTICATED);
    const noAccount = await withdraw(investor, '1.00');
    expect([noAccount.statusCode, noAccount.json().error]).toEqual([
      409,
      'Add a verified bank account first',
    ]);

    // 1,000.00 back plus 95.00 net of a 100.00 profit.
    await paidOutCampaign(app, admin, ['1000.00'], '100.00', { investors: [investor] });
    expect((await cashAccount(investor)).balance).toBe('1095.00');
    const stillNoAccount = await withdraw(investor, '1.00');
    expect(stillNoAccount.statusCode).toBe(409);
    await addBankAccount(investor);

    const res = await withdraw(investor, '95.00');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      purpose: 'withdrawal',
      amount: '95.00',
      status: 'paid',
      failureReason: null,
    });
    const account = await cashAccount(investor);
    expect([account.balance, account.pendingPayouts]).toEqual(['1000.00', '0.00']);
    expect(account.payouts.map((p) => [p.purpose, p.amount, p.status])).toEqual([
      ['withdrawal', '95.00', 'paid'],
    ]);

    const tooMuch = await withdraw(investor, '1000.01');
    expect([tooMuch.statusCode, tooMuch.json().error]).toEqual([
      409,
      'Your HydroBridge balance is $1,000.00: not enough for $1,000.01',
    ]);
    for (const bad of ['0', '-5.00', 5, '1.001', 'ten', '99999999999999.00', '']) {
      const refused = await withdraw(investor, bad);
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json().fields).toHaveProperty('amount');
    }
    expect((await cashAccount(investor)).balance).toBe('1000.00');
    await expectSoundLedger(app);
  });

  it('returns a payout the bank refuses to the balance, and the account shows why', async () => {
    const investor = await signedInAs(app, 'investor', SOPHISTICATED);
    await paidOutCampaign(app, admin, ['500.00'], '0.00', { investors: [investor] });
    expect(
      (await putBank(investor, { holderName: holderOf(investor), iban: NO_SUCH_ACCOUNT })).statusCode,
    ).toBe(200);
    const res = await withdraw(investor, '200.00');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      amount: '200.00',
      status: 'failed',
      failureReason: 'The bank account does not exist.',
    });
    const account = await cashAccount(investor);
    expect([account.balance, account.pendingPayouts]).toEqual(['500.00', '0.00']);
    expect(account.payouts.map((p) => [p.amount, p.status, p.failureReason])).toEqual([
      ['200.00', 'failed', 'The bank account does not exist.'],
    ]);
    // The statement shows the money leaving and coming back, and the balance it ends at.
    const statement = await investor.get(`/api/statements?year=${new Date().getUTCFullYear()}`);
    expect(statement.statusCode, statement.body).toBe(200);
    const rows = statement
      .json<{ months: Array<{ rows: Array<{ type: string; paidOut: string; cash: string }> }> }>()
      .months.flatMap((m) => m.rows);
    expect(rows.slice(-2).map((r) => [r.type, r.paidOut, r.cash])).toEqual([
      ['Withdrawal to your bank', '200.00', '300.00'],
      ['Withdrawal returned by the bank', '0.00', '500.00'],
    ]);
    expect(statement.json().closingCash).toBe('500.00');
    // With a working account the same money goes out.
    await addBankAccount(investor);
    expect((await withdraw(investor, '500.00')).json()).toMatchObject({ status: 'paid' });
    expect((await cashAccount(investor)).balance).toBe('0.00');
    await expectSoundLedger(app);
  });

  it('never takes more than the balance when two withdrawals arrive at once', async () => {
    const investor = await signedInAs(app, 'investor', SOPHISTICATED);
    await paidOutCampaign(app, admin, ['1000.00'], '0.00', { investors: [investor] });
    await addBankAccount(investor);
    const answers = await Promise.all([withdraw(investor, '600.00'), withdraw(investor, '600.00')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const account = await cashAccount(investor);
    expect(account.balance).toBe('400.00');
    expect(account.payouts.map((p) => [p.amount, p.status])).toEqual([['600.00', 'paid']]);
    await expectSoundLedger(app);
  });

  it('is for investors only', async () => {
    const trader = await signedInAs(app, 'trader');
    expect((await withdraw(trader, '1.00')).statusCode).toBe(403);
    expect((await withdraw(admin, '1.00')).statusCode).toBe(403);
    expect((await callsAs(app, null).post('/api/withdrawals', { amount: '1.00' })).statusCode).toBe(401);
  });
});

describe("a trader's releases", () => {
  it('wait in their balance when the bank refuses the payout, and go out to the next verified account', async () => {
    const trader = await signedInAs(app, 'trader');
    expect((await putBank(trader, { holderName: 'Test Trading Ltd', iban: ACCOUNT_CLOSED })).statusCode).toBe(
      200,
    );
    const { campaign } = await campaignThroughApi(app, ['700.00', '300.00'], { trader });
    await startTrading(trader, campaign);
    expect((await campaignOf(trader, campaign)).status).toBe('trading');
    let account = await cashAccount(trader);
    expect(account.balance).toBe('1000.00');
    expect(account.payouts.map((p) => [p.purpose, p.amount, p.status, p.failureReason])).toEqual([
      ['disbursement', '1000.00', 'failed', 'The bank account has been closed.'],
    ]);

    await addBankAccount(trader);
    account = await cashAccount(trader);
    expect(account.balance).toBe('0.00');
    expect(account.payouts.map((p) => [p.amount, p.status])).toEqual([
      ['1000.00', 'paid'],
      ['1000.00', 'failed'],
    ]);
    await expectSoundLedger(app);
  });
});
