// What other features use of the cash account: the balance (the investment form offers it).
export { cashAccountQuery, useCashAccount } from './api/get-cash-account.ts';
