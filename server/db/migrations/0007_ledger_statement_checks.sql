-- The ledger's balance and non-negative rules, checked once per INSERT statement instead of once per
-- entry at COMMIT. Every writer (server/ledger/ledger.ts: post, postMany) inserts a transaction and all
-- its entries in one statement, so "balanced at the end of the statement" is the same rule; but the
-- row-level check summed the whole account again for every debit entry: completing a campaign of
-- 1,000 investors (2,000 debits of the escrow and trader accounts) read millions of rows. Now each
-- touched transaction and each debited account is summed once per statement.
DROP TRIGGER ledger_entries_checked ON ledger_entries;
--> statement-breakpoint
DROP FUNCTION ledger_check_entry();
--> statement-breakpoint
CREATE FUNCTION ledger_check_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  -- The ids as one array, so that the planner reads them through the indexes (it knows nothing of
  -- the size of a transition table, and would otherwise scan the whole ledger for one posting).
  SELECT e.transaction_id AS id, sum(e.amount) AS total INTO bad
    FROM ledger_entries e
    WHERE e.transaction_id = ANY ((SELECT array_agg(DISTINCT transaction_id) FROM inserted)::uuid[])
    GROUP BY e.transaction_id HAVING sum(e.amount) <> 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: its entries sum to %', bad.id, bad.total
      USING ERRCODE = 'check_violation';
  END IF;
  -- Only a debit can take a balance below zero; the provider clearing accounts (money outside the
  -- platform) may.
  SELECT e.account AS account, sum(e.amount) AS total INTO bad
    FROM ledger_entries e
    WHERE e.account = ANY ((SELECT array_agg(DISTINCT account) FROM inserted
      WHERE amount < 0 AND account NOT LIKE 'clearing:%')::text[])
    GROUP BY e.account HAVING sum(e.amount) < 0 LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger account % would go negative (%)', bad.account, bad.total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_checked AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_statement();
