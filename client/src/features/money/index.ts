// The payments feature's public entry: what a feature that takes a payment uses (the card form, the
// one flow, the submit with its reason). The app mounts components/PaymentRecovery.tsx directly, so
// that the first page does not carry this.
export { CardFields } from './components/CardFields.tsx';
export { PaymentActions } from './components/PaymentActions.tsx';
export type { PaymentPurpose } from './payment-purpose.ts';
export { paymentSubmitReason } from './payment-text.ts';
export { useCardForm } from './use-card-form.ts';
export { usePaymentFlow, type PaymentProblem } from './use-payment-flow.ts';
// What other features use of the cash account: the balance (the investment form offers it), the bank
// account card of /settings, and the notice the trader's workspace shows before trading (releases are
// paid to the bank account).
export { cashAccountQuery, useCashAccount } from './api/get-cash-account.ts';
export { BankAccountForm } from './components/BankAccountForm.tsx';
export { BankAccountNotice, SETTINGS_BANK_ACCOUNT } from './components/BankAccountNotice.tsx';
