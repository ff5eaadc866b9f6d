// What a ledger check (ledger.ts) or the reconciliation with the provider (reconcile.ts) finds.
export interface LedgerBreak {
  check: string;
  detail: string;
}
