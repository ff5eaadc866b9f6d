// The demo campaigns' lifecycle steps that need documents: due diligence passed before funding, and
// the delivered cargo's settlement (declared, approved, paid in by the trader, distributed).
import { eq } from 'drizzle-orm';
import { dec, toFixed } from '../../domain/money.ts';
import type { Tx } from '../db/transaction.ts';
import { receiveBuffer } from '../uploads/storage.ts';
import type { UserRow } from '../features/accounts/index.ts';
import { transitionCampaign } from '../features/campaigns/index.ts';
import { decideSettlement, uploadCampaignDocument } from '../features/campaigns/index.ts';
import type { SandboxProvider } from '../features/money/index.ts';
import { advancePayment } from '../features/money/index.ts';
import type { users } from '../db/schema/index.ts';
import { campaignReviews, campaigns, payments, settlements } from '../db/schema/index.ts';
import {
  DILIGENCE_DOCUMENT_KINDS,
  DILIGENCE_DOCUMENT_LABELS,
  REVIEW_CHECKS,
} from '../../domain/diligence.ts';
import { demoPdf } from './demo-pdf.ts';
import { demoCard, moneyAt } from './demo-payments.ts';

/**
 * The delivered cargo's result: a little under plan (the demo shows an actual beside the estimate),
 * declared with its waterfall and invoice, approved, paid in by the trader with the sandbox card and
 * distributed.
 */
export async function settleDemoCampaign(
  db: Tx,
  trader: UserRow,
  admin: UserRow,
  campaignId: string,
  expectedProfit: string,
  at: Date,
): Promise<void> {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  const kg = dec(campaign!.quantity).times(1000);
  const salesProceeds = toFixed(kg.times(campaign!.sellPrice).times('0.97'));
  const purchaseCost = toFixed(kg.times(campaign!.buyPrice));
  const shippingCost = toFixed(kg.times('0.26'));
  const insuranceCost = toFixed(kg.times('0.02'));
  const otherCosts = toFixed(
    dec(salesProceeds)
      .minus(purchaseCost)
      .minus(shippingCost)
      .minus(insuranceCost)
      .minus(dec(expectedProfit).times('0.8')),
  );
  const waterfall = { salesProceeds, purchaseCost, shippingCost, insuranceCost, otherCosts };
  const actualProfit = toFixed(
    dec(salesProceeds).minus(purchaseCost).minus(shippingCost).minus(insuranceCost).minus(otherCosts),
  );
  const invoice = await uploadCampaignDocument(db, trader, campaignId, {
    ...(await receiveBuffer(
      db,
      trader.id,
      'file',
      'sales-invoice-INV-2026-118.pdf',
      demoPdf('Sales invoice INV-2026-118'),
    )),
    kind: 'sales_invoice',
    milestone: null,
  });
  const money = moneyAt(db, at);
  await transitionCampaign(
    money,
    trader,
    campaignId,
    { to: 'completed', actualProfit, waterfall, invoiceDocumentId: invoice.id },
    at,
  );
  await decideSettlement(money, admin, campaignId, { decision: 'approve' });
  const [due] = await db
    .select({ settlement: settlements, intentId: payments.intentId })
    .from(settlements)
    .innerJoin(payments, eq(payments.id, settlements.paymentId))
    .where(eq(settlements.campaignId, campaignId));
  const { intent } = await (money.provider as SandboxProvider).confirm(
    due!.intentId!,
    { clientSecret: due!.settlement.clientSecret!, card: demoCard(at) },
    { payerId: trader.id },
  );
  const { payment } = await advancePayment(money, due!.settlement.paymentId!, intent);
  if (payment.status !== 'captured') throw new Error(`demo settlement ended ${payment.status}`);
}

/**
 * The demo campaigns passed due diligence (issue 19): the trader's supply and offtake contracts and
 * financials on file, the admin's decision with every check ticked.
 */
export async function approveDemoCampaign(
  db: Tx,
  trader: typeof users.$inferSelect,
  admin: typeof users.$inferSelect,
  campaign: typeof campaigns.$inferSelect,
  at: Date,
): Promise<void> {
  const documentIds: string[] = [];
  for (const kind of DILIGENCE_DOCUMENT_KINDS) {
    const doc = await uploadCampaignDocument(db, trader, campaign.id, {
      ...(await receiveBuffer(
        db,
        trader.id,
        'file',
        `${kind.replace('_', '-')}.pdf`,
        demoPdf(`${DILIGENCE_DOCUMENT_LABELS[kind]}: ${campaign.title}`),
      )),
      kind,
      milestone: null,
    });
    documentIds.push(doc.id);
  }
  await db.insert(campaignReviews).values({
    campaignId: campaign.id,
    decision: 'approved',
    checks: [...REVIEW_CHECKS],
    documentIds,
    termsVersion: campaign.termsVersion,
    reviewerId: admin.id,
    createdAt: at,
  });
}
