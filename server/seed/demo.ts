// Demo data for trying HydroBridge: the demo accounts (demo-accounts.ts) and campaigns
// (demo-campaigns.ts) written through the app's own services, then the marketplace and certificates.
import { receiveBuffer } from '../uploads/storage.ts';
import { costBreakdown } from '../../domain/breakdown.ts';
import { assessRiskLevel, destinationRegion } from '../../domain/campaign-rules.ts';
import { dec, estimatedCampaignProfit, toFixed } from '../../domain/money.ts';
import { hashPassword } from '../features/accounts/index.ts';
import type { Db } from '../db/connect.ts';
import { inTransaction, type Tx } from '../db/transaction.ts';
import { SANDBOX_PAYING_IBAN } from '../../domain/payments.ts';
import { recordMilestone } from '../features/campaigns/index.ts';
import { sweepDeadlines, transitionCampaign } from '../features/campaigns/index.ts';
import { uploadCampaignDocument } from '../features/campaigns/index.ts';
import { setBankAccount } from '../features/money/index.ts';
import { setReleaseSchedule } from '../features/money/index.ts';
import { campaigns, totpFactors, users } from '../db/schema/index.ts';
import { seedMarketplace } from './marketplace.ts';
import { seedCertificates } from './origin.ts';
import { demoPdf } from './demo-pdf.ts';
import { recordPassedTest, saveDisclosure } from '../features/verification/index.ts';
import {
  DEMO_ADMIN_TOTP_SECRET,
  DEMO_BACKERS,
  DEMO_PASSWORD,
  DEMO_USERS,
  demoEmail,
} from './demo-accounts.ts';
import { DAY_MS, DEMO_CAMPAIGNS, DEMO_MILESTONES, demoRiskFactors } from './demo-campaigns.ts';
import {
  DEMO_SIMULATION,
  investThroughSandbox,
  moneyAt,
  roundToHundreds,
  splitIntoPledges,
} from './demo-payments.ts';
import { approveDemoCampaign, settleDemoCampaign } from './demo-lifecycle.ts';

/**
 * Writes the demo data through the app's own investment flow: every raised amount is made of real
 * investments (payment intent, a sandbox card payment, the recorded investment with its ledger
 * posting and escrow record), so `npm run cli -- verify-ledger` passes on a fresh start.
 */
export async function seedDemoData(db: Db, now = new Date()): Promise<void> {
  const password = await hashPassword(DEMO_PASSWORD);
  // All or nothing: a half-seeded database would not count as empty, and would never be seeded again.
  // The sandbox provider works inside the same transaction here (PGlite admits one at a time).
  await inTransaction(db, (tx) => seedInto(tx, password, now));
  // The expired cargo is refunded as the server's deadline sweep would have done an hour after its
  // deadline (the sandbox refunds after COMMIT, so outside the seed's transaction). Should this step
  // be interrupted, the server's own sweep refunds it at start-up.
  for (const c of DEMO_CAMPAIGNS.filter((c) => c.status === 'expired')) {
    const swept = new Date(now.getTime() + c.deadlineInDays * DAY_MS + 3_600_000);
    await sweepDeadlines(moneyAt(db, swept));
  }
}

async function seedInto(db: Tx, password: string, now: Date): Promise<void> {
  const people = await db
    .insert(users)
    .values(
      [
        ...DEMO_USERS.map((u) => ({ ...u })),
        ...DEMO_BACKERS.map(([username, firstName, lastName, country]) => ({
          username,
          email: demoEmail(username),
          role: 'investor' as const,
          firstName,
          lastName,
          country,
        })),
      ].map((u) => ({
        ...u,
        password,
        // Pre-verified, so the demo shows what a verified user can do.
        emailVerified: true,
        kycStatus: 'approved' as const,
        termsAccepted: true,
        riskDisclosureAccepted: u.role === 'investor',
      })),
    )
    .returning();
  const traderId = people.find((u) => u.role === 'trader')!.id;
  const trader = people.find((u) => u.id === traderId)!;
  const admin = people.find((u) => u.role === 'admin')!;
  // Admins must have a second factor: the demo admin's authenticator app uses the published secret.
  await db
    .insert(totpFactors)
    .values({ userId: admin.id, secret: DEMO_ADMIN_TOTP_SECRET, enabledAt: now, createdAt: now });
  const demoInvestor = people.find((u) => u.username === 'investor')!;
  const backers = people.filter((u) => u.role === 'investor' && u.id !== demoInvestor.id);
  // The test comes before the oldest demo campaign's first pledge, and holds until after today.
  const tested = new Date(
    now.getTime() - (Math.max(...DEMO_CAMPAIGNS.map((c) => c.createdDaysAgo)) + 1) * DAY_MS,
  );
  for (const investor of [demoInvestor, ...backers])
    await recordPassedTest(db, investor.id, DEMO_SIMULATION, tested);
  let cargoAtSea: { id: string; tradeRoute: string } | undefined;
  // The trader's releases and the investor's withdrawals go to verified sandbox accounts.
  const opened = new Date(now.getTime() - 200 * DAY_MS);
  await setBankAccount(moneyAt(db, opened), traderId, {
    holderName: trader.companyName!,
    iban: SANDBOX_PAYING_IBAN,
  });
  await setBankAccount(moneyAt(db, opened), demoInvestor.id, {
    holderName: `${demoInvestor.firstName} ${demoInvestor.lastName}`,
    iban: SANDBOX_PAYING_IBAN,
  });

  for (const c of DEMO_CAMPAIGNS) {
    // The target is the capital the trade needs: purchase plus logistics (the /breakdown model).
    const target = costBreakdown({
      quantityTonnes: c.quantity,
      buyPrice: c.buyPrice,
      sellPrice: c.sellPrice,
    }).totalCost;
    const expectedProfit = toFixed(estimatedCampaignProfit(c.quantity, c.buyPrice, c.sellPrice));
    const createdAt = new Date(now.getTime() - c.createdDaysAgo * DAY_MS);
    const deadline = new Date(now.getTime() + c.deadlineInDays * DAY_MS);
    const [campaign] = await db
      .insert(campaigns)
      .values({
        traderId,
        title: c.title,
        description: c.description,
        tradeRoute: c.tradeRoute,
        quantity: c.quantity,
        buyPrice: c.buyPrice,
        sellPrice: c.sellPrice,
        targetAmount: target,
        deadline,
        expectedProfit,
        minimumInvestment: c.minimumInvestment,
        // The same rules as a campaign created through the app (domain/campaign-rules.ts).
        riskLevel: assessRiskLevel({ ...c, targetAmount: target, deadline }, createdAt),
        // Reviewed on the day it was created (approveDemoCampaign files its documents and the decision).
        reviewStatus: 'approved',
        region: destinationRegion(c.tradeRoute) ?? 'europe',
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    await setReleaseSchedule(db, campaign!.id, c.schedule, createdAt);
    // The trader's disclosure for the KIIS: the logistics of the cost model (the target covers them).
    const lines = costBreakdown({
      quantityTonnes: c.quantity,
      buyPrice: c.buyPrice,
      sellPrice: c.sellPrice,
    }).lines;
    const line = (label: string) => dec(lines.find((l) => l.label === label)!.amount);
    await saveDisclosure(
      db,
      campaign!.id,
      {
        riskFactors: demoRiskFactors(c),
        conversionCost: '0.00',
        shippingCost: toFixed(line('Shipping (green ammonia)')),
        insuranceCost: toFixed(line('Insurance')),
        feesCost: toFixed(line('Customs & duties').plus(line('Storage')).plus(line('Other'))),
      },
      createdAt,
    );
    await approveDemoCampaign(db, trader, admin, campaign!, createdAt);

    const raised = c.funded === '1' ? dec(target) : roundToHundreds(target, c.funded);
    const others = raised.minus(c.demoInvestment ?? '0');
    const pledges = [
      ...(c.demoInvestment ? [{ investor: demoInvestor, amount: toFixed(c.demoInvestment) }] : []),
      ...splitIntoPledges(others, c.backers).map((amount, i) => ({
        investor: backers[i % backers.length]!,
        amount,
      })),
    ];
    // Spread over the funding window so far: the last pledge lands well before the deadline (and its
    // reflection period ends before the cargoes at sea started trading).
    const window = Math.min(now.getTime(), deadline.getTime() - 5 * DAY_MS) - createdAt.getTime();
    for (const [i, pledge] of pledges.entries()) {
      const at = new Date(createdAt.getTime() + Math.round((window * (i + 1)) / (pledges.length + 1)));
      await investThroughSandbox(db, pledge.investor, campaign!.id, pledge.amount, at);
    }
    // The cargoes at sea or delivered go through the lifecycle's own services: trading (the first
    // tranche to the trader), shipment milestones, and for the delivered one its settlement declared,
    // approved by the admin, paid in by the trader and distributed to the investors' balances.
    if (c.status === 'trading' || c.status === 'completed') {
      const shipped = new Date(deadline.getTime() + 2 * DAY_MS);
      await transitionCampaign(moneyAt(db, shipped), trader, campaign!.id, { to: 'trading' }, shipped);
      const steps = DEMO_MILESTONES.slice(0, c.status === 'trading' ? 3 : 5);
      for (const [i, step] of steps.entries()) {
        const at = new Date(shipped.getTime() + (i + 1) * 4 * DAY_MS);
        const evidence =
          step.kind === 'loaded'
            ? await uploadCampaignDocument(db, trader, campaign!.id, {
                ...(await receiveBuffer(
                  db,
                  trader.id,
                  'file',
                  `bill-of-lading-${step.documentRef}.pdf`,
                  demoPdf(`Bill of lading ${step.documentRef}`),
                )),
                kind: 'milestone',
                milestone: 'loaded',
              })
            : undefined;
        await recordMilestone(
          db,
          trader,
          campaign!.id,
          { ...step, at: at.toISOString(), ...(evidence && { documentId: evidence.id }) },
          at,
        );
      }
      if (c.status === 'completed')
        await settleDemoCampaign(
          db,
          trader,
          admin,
          campaign!.id,
          expectedProfit,
          new Date(shipped.getTime() + 30 * DAY_MS),
        );
    }
    if (c.status === 'trading') cargoAtSea ??= { id: campaign!.id, tradeRoute: c.tradeRoute };
  }
  const buyer = people.find((u) => u.role === 'buyer')!;
  await seedMarketplace(db, trader, buyer, now, cargoAtSea, (listingIds) =>
    seedCertificates(db, trader, admin, listingIds, now),
  );
}
