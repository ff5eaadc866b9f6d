-- The ledger's rules, held by the database itself (not only by the code that writes it):
-- entries and transactions are append-only, every transaction balances to zero, and no account but
-- the provider clearing accounts (money outside the platform) ever goes below zero.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is refused; post a correcting transaction', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE FUNCTION ledger_check_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
BEGIN
  SELECT coalesce(sum(amount), 0) INTO total FROM ledger_entries WHERE transaction_id = NEW.transaction_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: its entries sum to %', NEW.transaction_id, total
      USING ERRCODE = 'check_violation';
  END IF;
  -- Only a debit can take a balance below zero: credits (most postings) skip the sum.
  IF NEW.amount < 0 AND NEW.account NOT LIKE 'clearing:%' THEN
    SELECT coalesce(sum(amount), 0) INTO total FROM ledger_entries WHERE account = NEW.account;
    IF total < 0 THEN
      RAISE EXCEPTION 'ledger account % would go negative (%)', NEW.account, total
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Checked at COMMIT, once every entry of the transaction is written.
CREATE CONSTRAINT TRIGGER ledger_entries_checked AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_entry();
