// The money feature's public entry: the payment module (payments, holds, refunds, payouts, releases,
// settlement), its ledger and its providers (Stripe, the sandbox), and the money routes.

// All of the feature's routes, registered by the app as one plugin.
export { default } from './routes.ts';
export { balanceOf, lockBalance } from './balances.ts';
export { definePurpose, type Money, outside, type PaymentLimits, type PaymentRow } from './context.ts';
export { inlineMoneyJobs, MONEY_JOBS } from './jobs.ts';
export { accounts, type LedgerKind, post, postingCtes, postMany, transfer } from './ledger/ledger.ts';
export { abandonPayment, advancePayment, movePayment, sourceAccount } from './payments.ts';
export { openCardPayment, type OpenedIntent } from './payment-opening.ts';
export { type PaymentSweepReport, sweepPayments } from './payment-sweep.ts';
export {
  activeBankAccount,
  payOutBalance,
  type PayoutSweepReport,
  setBankAccount,
  sweepPayouts,
  withdraw,
} from './payouts.ts';
export { choosePaymentProvider } from './providers/choose.ts';
export {
  type PaymentProvider,
  type ProviderMovement,
  ProviderUnavailableError,
} from './providers/provider.ts';
export { SandboxProvider } from './providers/sandbox.ts';
export { type StripeSettings } from './providers/stripe.ts';
export { reflectionEndsAtOf } from './reflection.ts';
export { markRefunded, refundPosting, startRefunds } from './refunds.ts';
export {
  disbursedOf,
  releaseOnMilestone,
  releaseOnTrading,
  releaseTranche,
  releasesOf,
  setReleaseSchedule,
} from './releases.ts';
export {
  declareSettlement,
  dueByCard,
  liveSettlement,
  receiveBankTransfer,
  reviewSettlement,
  sweepDefaults,
} from './settlement.ts';
export { distribute, SETTLEMENT_EVENTS, type SettlementEvents } from './settlement-distribution.ts';
export { settlementPurpose } from './settlement-purpose.ts';
export {
  campaignDocumentList,
  releaseViews,
  releaseViewsOf,
  settlementView,
  settlementViewsOf,
  toCampaignDocument,
} from './views.ts';
