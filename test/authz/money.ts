// The money objects of a matrix cell or a fuzzed request (docs/money.md): a balance and a bank account,
// a campaign's document, a staged release, a declared settlement, an order whose buyer opened a dispute.
// Each is made through the real services and calls, except where the row only needs the object to
// exist: a balance (booked as the distribution that would have paid it) and a bank account added for an
// account the app would refuse one (an unverified caller), so that only the caller's state explains
// the answer.
import { and, eq } from 'drizzle-orm';
import { DILIGENCE_DOCUMENT_KINDS } from '../../domain/diligence.ts';
import { SANDBOX_PAYING_IBAN } from '../../domain/payments.ts';
import { listingCreateSchema } from '../../domain/listings.ts';
import type { App } from '../../server/app.ts';
import { storeBuffer } from '../../server/uploads/storage.ts';
import { bankAccounts, campaignDocuments, campaignReleases } from '../../server/db/schema/index.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { disputeOrder } from '../../server/features/admin/index.ts';
import { createListing } from '../../server/features/marketplace/index.ts';
import { SILENT } from '../../server/features/marketplace/index.ts';
import { placeOrder, recordOrderPayment, transitionOrder } from '../../server/features/marketplace/index.ts';
import { accounts, post, transfer } from '../../server/features/money/index.ts';
import { activeBankAccount } from '../../server/features/money/index.ts';
import { setReleaseSchedule } from '../../server/features/money/index.ts';
import type { SandboxProvider } from '../../server/features/money/index.ts';
import { createCampaign, createUser } from '../app.ts';
import { investIn } from '../investing.ts';
import { signedInAs } from '../actor.ts';
import { FILES } from '../kyc.ts';
import { listingBody } from '../marketplace.ts';
import { addBankAccount, deliver, startTrading } from '../money.ts';
import type { UserRow } from '../../server/features/accounts/index.ts';

const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

/** `amount` in the user's HydroBridge balance (an investor's cash account, a trader's balance). */
export async function giveBalance(app: App, user: Pick<UserRow, 'id' | 'role'>, amount = '500.00') {
  const to = user.role === 'trader' ? accounts.trader(user.id) : accounts.investor(user.id);
  await inTransaction(app.db, (tx) =>
    post(
      tx,
      transfer('distribution', accounts.clearing('bank'), to, amount, {
        at: new Date(),
        memo: 'Test fixture: a balance as a settlement distribution would have paid it in',
      }),
    ),
  );
}

/** A verified bank account of the user's, registered at the provider (whatever the user's state). */
export async function giveBankAccount(app: App, user: UserRow) {
  if (await activeBankAccount(app.db, user.id)) return;
  const holderName =
    user.role === 'investor' ? `${user.firstName} ${user.lastName}` : (user.companyName ?? 'Test Ltd');
  const providerRef = await app.payments.registerBankAccount({
    userId: user.id,
    holderName,
    iban: SANDBOX_PAYING_IBAN,
    country: 'DE',
    email: user.email,
  });
  await app.db.insert(bankAccounts).values({
    userId: user.id,
    holderName,
    iban: SANDBOX_PAYING_IBAN,
    country: 'DE',
    provider: app.payments.name,
    providerRef,
  });
}

/** A one-page PDF the campaign's trader filed (a bill of lading for `loaded`). */
export async function campaignDocument(app: App, campaignId: string, traderId: string) {
  const content = FILES.pdf();
  const [doc] = await app.db
    .insert(campaignDocuments)
    .values({
      campaignId,
      kind: 'milestone',
      milestone: 'loaded',
      fileName: 'bill-of-lading.pdf',
      contentType: 'application/pdf',
      size: content.length,
      fileId: await storeBuffer(app.db, traderId, 'application/pdf', content),
      uploadedBy: traderId,
    })
    .returning({ id: campaignDocuments.id });
  return doc!.id;
}

/**
 * A trading campaign of the trader with a staged schedule (40% at trading, 60% on `loaded`) and the
 * bill of lading filed; `awaitingReview` files it as the `loaded` tranche's evidence too.
 */
export async function stagedCampaign(app: App, traderId: string, { awaitingReview = false } = {}) {
  const campaign = await createCampaign(app.db, { traderId, status: 'trading' });
  await inTransaction(app.db, (tx) =>
    setReleaseSchedule(
      tx,
      campaign.id,
      [
        { trigger: 'trading', percent: '40' },
        { trigger: 'loaded', percent: '60' },
      ],
      new Date(),
    ),
  );
  const documentId = await campaignDocument(app, campaign.id, traderId);
  const [release] = await app.db
    .update(campaignReleases)
    .set(awaitingReview ? { status: 'awaiting_review', documentId } : { status: 'scheduled' })
    .where(and(eq(campaignReleases.campaignId, campaign.id), eq(campaignReleases.trigger, 'loaded')))
    .returning({ id: campaignReleases.id });
  return { campaignId: campaign.id, releaseId: release!.id, documentId };
}

/**
 * A campaign funded by one investor's card, trading (its money released to the trader's bank
 * account), delivered, its result declared ($100.00 profit): the settlement awaits an admin's review.
 * `approved`: an admin approved it, so it is due.
 */
export async function declaredCampaign(app: App, { approved = false } = {}) {
  const trader = await signedInAs(app, 'trader');
  await addBankAccount(trader);
  // The factory gives it the default schedule: all of it to the trade when trading starts.
  const campaign = await createCampaign(app.db, { traderId: trader.user.id, targetAmount: '1000.00' });
  // A sophisticated investor: no reflection period (issue 19), so trading starts at once.
  const backer = await signedInAs(app, 'investor', { isAccredited: true });
  const { record } = await investIn(app, backer, campaign, '1000.00');
  // Recorded by the card step already (the sandbox's confirmation moves it along): 200 or 201.
  if (!record || record.statusCode >= 300) throw new Error(`investment refused: ${record?.body}`);
  await startTrading(trader, campaign);
  await deliver(trader, campaign);
  const declared = await trader.post(`/api/campaigns/${campaign.id}/transitions`, {
    to: 'completed',
    actualProfit: '100.00',
  });
  if (declared.statusCode !== 200) throw new Error(`declaration refused: ${declared.body}`);
  if (approved) {
    const admin = await signedInAs(app, 'admin');
    const res = await admin.post(`/api/admin/campaigns/${campaign.id}/settlement`, { decision: 'approve' });
    if (res.statusCode !== 200) throw new Error(`approval refused: ${res.body}`);
  }
  return campaign.id;
}

/** An order a new buyer paid into escrow, delivered, then disputed: answers its escrow record's id. */
export async function orderInDispute(app: App): Promise<string> {
  const deps = { ...app.market, notify: SILENT };
  const trader = await createUser(app.db, {
    role: 'trader',
    companyName: 'Dispute Supply Ltd',
    registrationNumber: 'DS-1',
  });
  const buyer = await createUser(app.db, {
    role: 'buyer',
    companyName: 'Dispute Steel AG',
    buyerIndustry: 'steel',
  });
  const now = new Date();
  const listing = await createListing(app.db, trader, listingCreateSchema.parse(listingBody()), now);
  const placed = await placeOrder(deps, buyer, { listingId: listing.id, quantity: '10' }, now);
  await (app.payments as SandboxProvider).confirm(
    placed.paymentIntentId,
    { clientSecret: placed.clientSecret, card },
    { payerId: buyer.id },
  );
  await recordOrderPayment(deps, buyer, placed.order.id, placed.paymentIntentId);
  // Delivered: a dispute resolved for the supplier releases the escrow to them.
  const delivery = new Date(now.getTime() + 5 * 86_400_000).toISOString().slice(0, 10);
  for (const step of [
    { to: 'confirmed' as const },
    { to: 'shipped' as const, expectedDeliveryDate: delivery },
    { to: 'delivered' as const },
  ])
    await transitionOrder(deps, trader, placed.order.id, step, now);
  const record = await disputeOrder(app.db, buyer, placed.order.id, 'The cargo never left the port', now);
  return record.id;
}

/**
 * A new campaign of the trader awaiting its due-diligence review (issue 19) with the three documents
 * the review needs on file; `rejected` sends it back first (what the trader resubmits).
 */
export async function campaignInReview(app: App, traderId: string, { rejected = false } = {}) {
  const campaign = await createCampaign(app.db, {
    traderId,
    reviewStatus: rejected ? 'rejected' : 'pending',
    reviewReason: rejected ? 'The offtake contract is unsigned.' : null,
  });
  const content = FILES.pdf();
  for (const kind of DILIGENCE_DOCUMENT_KINDS)
    await app.db.insert(campaignDocuments).values({
      campaignId: campaign.id,
      kind,
      fileName: `${kind}.pdf`,
      contentType: 'application/pdf',
      size: content.length,
      fileId: await storeBuffer(app.db, traderId, 'application/pdf', content),
      uploadedBy: traderId,
    });
  return campaign.id;
}
