// The money feature's public entry for other features. What a feature that takes a payment uses: the
// card form, the one flow, the submit with its reason. And of the cash account: the balance (the
// investment form offers it, the portfolio shows it), and the notice the trader's workspace shows
// before trading (releases are paid to the bank account). app/ mounts PaymentRecovery and the /settings
// bank account form by path, so that the first page does not carry these.
export { CardFields } from './components/CardFields.tsx';
export { PaymentActions } from './components/PaymentActions.tsx';
export type { PaymentPurpose } from './payment-purpose.ts';
export { paymentSubmitReason } from './payment-text.ts';
export { useCardForm } from './use-card-form.ts';
export { usePaymentFlow, type PaymentProblem } from './use-payment-flow.ts';
export { cashAccountQuery, useCashAccount } from './api/get-cash-account.ts';
export { CashAccountCard } from './components/CashAccountCard.tsx';
export { BankAccountNotice, SETTINGS_BANK_ACCOUNT } from './components/BankAccountNotice.tsx';
