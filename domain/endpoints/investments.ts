// The investor's calls about their investments (spec §7's flow, the balance, the knowledge test and
// the classification) as both sides see them (docs/api.md "Types for the client"). Types only from
// the schema modules. The card step is PAYMENTS_API (payments.ts).
import { endpoint } from '../endpoint.ts';
import type { revokeResultSchema } from '../diligence.ts';
import type * as I from '../investments.ts';
import type * as P from '../investor-protection.ts';
import type { noBodySchema } from '../api.ts';

export const INVESTMENT_API = {
  /** Step 1: hold the amount and open the card payment. */
  createPaymentIntent: endpoint('POST', '/api/create-payment-intent')
    .takes<typeof I.createPaymentIntentSchema>()
    .answers<typeof I.paymentIntentCreatedSchema>(),
  /** Step 3: record the investment of a paid intent (201 new, 200 a replay). */
  record: endpoint('POST', '/api/investments')
    .takes<typeof I.recordInvestmentSchema>()
    .answers<typeof I.investmentSchema>(),
  cancelPayment: endpoint('POST', '/api/payment-intents/:id/cancel')
    .takes<typeof noBodySchema>()
    .answers<typeof I.paymentCancelledSchema>(),
  list: endpoint('GET', '/api/investments')
    .query<typeof I.investmentListQuerySchema>()
    .answers<typeof I.investmentListSchema>(),
  /** From the HydroBridge balance, no card. */
  fromBalance: endpoint('POST', '/api/investments/from-balance')
    .takes<typeof I.createPaymentIntentSchema>()
    .answers<typeof I.investmentSchema>(),
  /** Within the reflection period (fixed contract): refunded, or the refund on its way. */
  revoke: endpoint('POST', '/api/investments/:id/revoke')
    .takes<typeof noBodySchema>()
    .answers<typeof revokeResultSchema>(),
  appropriateness: endpoint('GET', '/api/investor/appropriateness').answers<
    typeof P.appropriatenessViewSchema
  >(),
  takeAppropriateness: endpoint('POST', '/api/investor/appropriateness')
    .takes<typeof P.appropriatenessInputSchema>()
    .answers<typeof P.appropriatenessResultSchema>(),
  /** The classification; applying is multipart (not JSON: `fetch` with a FormData). */
  classification: endpoint('GET', '/api/investor/classification').answers<
    typeof P.classificationViewSchema
  >(),
};
