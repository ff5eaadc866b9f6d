// The money feature's public entry: the bank account card of /settings, the notice the trader's
// workspace shows before trading, and the cash account read (a trader's bank account gates trading).
export { useCashAccount } from './api/get-cash-account.ts';
export { BankAccountForm } from './components/BankAccountForm.tsx';
export { BankAccountNotice, SETTINGS_BANK_ACCOUNT } from './components/BankAccountNotice.tsx';
