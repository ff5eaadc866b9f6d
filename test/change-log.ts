// What a request changed in the database, row by row: a trigger on every table of the public schema
// (tables added later included) copies each inserted, updated or deleted row into a log table, read
// and emptied after each request. Cheaper than checksumming every table before and after, and it
// names what changed. Test databases only: `installChangeLog` runs once on the test app's database.
//
//   await installChangeLog(app.db);
//   await takeChanges(app.db);                  // forget what the setup wrote
//   const res = await app.inject(...);
//   expect(await unexpectedChanges(app.db, await takeChanges(app.db))).toEqual([]);
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../server/db/connect.ts';

export interface RowChange {
  table: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  old: Record<string, unknown> | null;
  new: Record<string, unknown> | null;
}

const LOG = 'test_change_log';

/** Rows of a raw query (PGlite and node-postgres both answer `{ rows }`). */
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function installChangeLog(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`create table if not exists ${LOG} (
      id bigserial primary key, tbl text not null, op text not null, old jsonb, new jsonb)`),
  );
  await db.execute(
    sql.raw(`create or replace function ${LOG}_record() returns trigger language plpgsql as $$
      begin
        insert into ${LOG} (tbl, op, old, new) values (
          tg_table_name, tg_op,
          case when tg_op <> 'INSERT' then to_jsonb(old) end,
          case when tg_op <> 'DELETE' then to_jsonb(new) end);
        return null;
      end $$`),
  );
  const tables = await rows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' and tablename <> ${LOG}`,
  );
  for (const { name } of tables) {
    await db.execute(
      sql.raw(
        `create or replace trigger ${LOG} after insert or update or delete on "${name}" ` +
          `for each row execute function ${LOG}_record()`,
      ),
    );
  }
}

/**
 * The rows changed since the last call, in order, as net changes: an update that left a row as it was,
 * and a row inserted and deleted again in between, are left out.
 */
export async function takeChanges(db: Db): Promise<RowChange[]> {
  type Logged = { id: string | number; tbl: string; op: RowChange['op']; old: unknown; new: unknown };
  const changed = await rows<Logged>(db, sql.raw(`delete from ${LOG} returning id, tbl, op, old, new`));
  const changes = changed
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((r): RowChange => ({ table: r.tbl, op: r.op, old: parseJson(r.old), new: parseJson(r.new) }))
    .filter((c) => c.op !== 'UPDATE' || JSON.stringify(c.old) !== JSON.stringify(c.new));
  const key = (c: RowChange, row: RowChange['old']) => `${c.table} ${JSON.stringify(row)}`;
  const deleted = new Set(changes.filter((c) => c.op === 'DELETE').map((c) => key(c, c.old)));
  const transient = new Set(
    changes.filter((c) => c.op === 'INSERT' && deleted.has(key(c, c.new))).map((c) => key(c, c.new)),
  );
  return changes.filter(
    (c) =>
      !(c.op === 'INSERT' && transient.has(key(c, c.new))) &&
      !(c.op === 'DELETE' && transient.has(key(c, c.old))),
  );
}

function parseJson(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
}

/**
 * Changes that a refused request (4xx) or a read (GET) makes by design, each with its reason; every
 * other change from such a request is a finding.
 */
interface Bookkeeping {
  reason: string;
  matches: (c: RowChange, db: Db) => boolean | Promise<boolean>;
}

const BOOKKEEPING: Bookkeeping[] = [
  {
    reason: 'rate limits count attempts, refused ones included (that is their purpose)',
    matches: (c) => c.table === 'rate_limit_events' && c.op === 'INSERT',
  },
  {
    reason: "a proven password clears the address's failed sign-ins for the account (auth/service.ts signin)",
    matches: (c) =>
      c.table === 'rate_limit_events' && c.op === 'DELETE' && c.old?.bucket === 'signin-account-address',
  },
  {
    reason: "a declined card is noted on the sandbox's payment intent (as Stripe keeps last_payment_error)",
    matches: (c) =>
      c.table === 'sandbox_payment_intents' && c.op === 'UPDATE' && sameExcept(c.old, c.new, ['last_error']),
  },
  {
    reason: 'a session in use slides its expiry (written at most once a minute)',
    matches: (c) =>
      c.table === 'sessions' && c.op === 'UPDATE' && sameExcept(c.old, c.new, ['last_seen_at', 'expires_at']),
  },
  {
    reason:
      'a session presented after its end, or by a suspended account, is deleted (server/features/accounts/sessions.ts)',
    matches: async (c, db) => {
      if (c.table !== 'sessions' || c.op !== 'DELETE') return false;
      if (Date.parse(String(c.old?.expires_at)) <= Date.now()) return true;
      const [user] = await rows<{ status: string }>(
        db,
        sql`select account_status as status from users where id = ${String(c.old?.user_id)}`,
      );
      return user?.status !== 'active';
    },
  },
  {
    reason: "a session's second-factor proof ends with the session (on delete cascade)",
    matches: async (c, db) => {
      if (c.table !== 'session_proofs' || c.op !== 'DELETE') return false;
      const left = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from sessions where token_hash = ${String(c.old?.token_hash)}`,
      );
      return left[0]?.n === 0;
    },
  },
  {
    reason: 'a passkey answer spends its challenge, right or wrong (one answer per challenge)',
    matches: (c) =>
      (c.table === 'session_proofs' || c.table === 'pending_sign_ins') &&
      c.op === 'UPDATE' &&
      c.new?.challenge === null &&
      sameExcept(c.old, c.new, ['challenge', 'challenge_expires_at']),
  },
  {
    reason:
      'a hold its subject can no longer take is released when a call looks at it, the refused record call ' +
      'included (money/payments.ts decideHold): the payment ends voided, its intent is cancelled',
    matches: (c) =>
      c.op === 'UPDATE' &&
      ((c.table === 'payments' &&
        ['created', 'voiding'].includes(String(c.old?.status)) &&
        ['voiding', 'voided'].includes(String(c.new?.status)) &&
        sameExcept(c.old, c.new, ['status', 'end_reason', 'ended_at', 'updated_at'])) ||
        (c.table === 'sandbox_payment_intents' &&
          c.old?.status === 'requires_capture' &&
          c.new?.status === 'canceled' &&
          sameExcept(c.old, c.new, ['status', 'canceled_at', 'amount_capturable'])) ||
        (c.table === 'orders' &&
          c.old?.payment === 'awaiting' &&
          c.new?.payment !== 'awaiting' &&
          sameExcept(c.old, c.new, ['payment', 'updated_at']))),
  },
];

function sameExcept(a: RowChange['old'], b: RowChange['new'], keys: string[]): boolean {
  const strip = (row: RowChange['old']) =>
    JSON.stringify(Object.entries(row ?? {}).filter(([key]) => !keys.includes(key)));
  return strip(a) === strip(b);
}

/** The changes that are not bookkeeping: what a refused request or a read must never make. */
export async function unexpectedChanges(db: Db, changes: RowChange[]): Promise<RowChange[]> {
  const unexpected: RowChange[] = [];
  for (const change of changes) {
    let expected = false;
    for (const rule of BOOKKEEPING) if (!expected) expected = await rule.matches(change, db);
    if (!expected) unexpected.push(change);
  }
  return unexpected;
}

/** One line per change, for failure messages: `UPDATE users {first_name: "A" → "B"}`. */
export function describeChange(c: RowChange): string {
  if (c.op !== 'UPDATE') return `${c.op} ${c.table} ${truncate(JSON.stringify(c.old ?? c.new))}`;
  const diff = Object.keys(c.new ?? {})
    .filter((k) => JSON.stringify(c.old?.[k]) !== JSON.stringify(c.new?.[k]))
    .map((k) => `${k}: ${truncate(JSON.stringify(c.old?.[k]))} → ${truncate(JSON.stringify(c.new?.[k]))}`);
  return `UPDATE ${c.table} {${diff.join(', ')}}`;
}

const truncate = (text: string | undefined, max = 120) =>
  text && text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : String(text);
