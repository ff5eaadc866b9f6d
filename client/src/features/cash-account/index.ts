// What other features use of the cash account: the balance (the investment form offers it), the bank
// account card of /settings, and the notice the trader's workspace shows before trading (releases are
// paid to the bank account).
export { cashAccountQuery, useCashAccount } from './api/get-cash-account.ts';
export { BankAccountForm } from './components/BankAccountForm.tsx';
export { BankAccountNotice, SETTINGS_BANK_ACCOUNT } from './components/BankAccountNotice.tsx';
