// Paying an investment: the payment flow's three calls for this purpose — the intent
// (POST /api/create-payment-intent), the record (POST /api/investments) and giving up an unpaid
// intent (POST /api/payment-intents/:id/cancel). The app also hands the record call to the recovery
// of a payment interrupted by a reload.
import type { CreatePaymentIntentInput, Investment } from '@domain/investments.ts';
import type { PaymentPurpose } from '@/features/money/index.ts';
import { releasePaymentIntent } from './api/cancel-payment-intent.ts';
import { createPaymentIntent } from './api/create-payment-intent.ts';
import { recordInvestmentAndRefresh } from './api/record-investment.ts';

type InvestmentRef = { campaignId: string; investorId: string };

export const investmentPayment: PaymentPurpose<CreatePaymentIntentInput, InvestmentRef, Investment> = {
  name: 'investment',
  async createIntent({ amount, campaignId, investorId, acknowledgements }) {
    const created = await createPaymentIntent({ amount, campaignId, investorId, acknowledgements });
    return { ...created, ref: { campaignId, investorId } };
  },
  record: ({ paymentIntentId, ref }, client) =>
    recordInvestmentAndRefresh({ paymentIntentId, ...ref }, client),
  giveUp: ({ paymentIntentId }) => releasePaymentIntent(paymentIntentId),
};
