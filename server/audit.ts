// The audit log (docs/admin.md): one append-only row per admin action, written in the same database
// transaction as the action itself, so an action is never recorded without its trail (or the reverse).
import { count, desc, getTableColumns, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '../domain/admin.ts';
import { REPORT_LABELS, REPORTS, type AuditAction, type AuditList } from '../domain/audit-log.ts';
import type { Db } from './db/connect.ts';
import { auditLog } from './db/schema/index.ts';
import type { Tx } from './db/transaction.ts';

export interface Auditor {
  id: string;
  email: string | null;
  username: string;
}

export interface AuditEntry {
  action: AuditAction;
  targetType:
    | 'user'
    | 'escrow'
    | 'campaign'
    | 'report'
    | 'role_request'
    | 'complaint'
    | 'classification'
    | 'job'
    | 'certificate'
    | 'question';
  targetId?: string | null;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
}

export async function recordAudit(db: Db | Tx, actor: Auditor, entry: AuditEntry, at: Date) {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actor: actor.email ?? actor.username,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    reason: entry.reason ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: at,
  });
}

// The names an audit row's ids stand for, read with the row (one query, correlated sub-selects on
// primary keys). The log has no foreign keys, so a target may be gone: its name is then null.
const targetUuid = sql`case when ${auditLog.targetId} ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then ${auditLog.targetId}::uuid end`;
/** A person as the app names them: their full name, else their company, else their username. */
const personName = (u: string) =>
  sql.raw(
    `coalesce(nullif(trim(concat_ws(' ', ${u}.first_name, ${u}.last_name)), ''), ${u}.company_name, ${u}.username)`,
  );
const nameOfUser = (id: ReturnType<typeof sql>) =>
  sql`(select ${personName('u')} from users u where u.id = ${id})`;

const actorName = sql<string | null>`${nameOfUser(sql`${auditLog.actorId}`)}`;
const targetName = sql<string | null>`case ${auditLog.targetType}
  when 'user' then ${nameOfUser(targetUuid)}
  when 'campaign' then (select c.title from campaigns c where c.id = ${targetUuid})
  when 'escrow' then (
    select coalesce(c.title, 'the order from ' || o.location) from escrow_records e
    left join campaigns c on c.id = e.campaign_id left join orders o on o.id = e.order_id
    where e.id = ${targetUuid})
  when 'complaint' then (select 'complaint ' || k.reference from complaints k where k.id = ${targetUuid})
  when 'classification' then (
    select ${personName('u')} from classification_applications a join users u on u.id = a.user_id
    where a.id = ${targetUuid})
  when 'certificate' then (
    select 'the ' || g.issuing_body || ' certificate from ' || g.plant from origin_certificates g where g.id = ${targetUuid})
  when 'question' then (
    select c.title from campaign_questions q join campaigns c on c.id = q.campaign_id
    where q.id = ${targetUuid})
  when 'job' then 'the ' || (${auditLog.before} ->> 'queue') || ' job'
end`;

/** The name of a report the row exported ("the KYC audit report"). */
function reportName(id: string | null): string | null {
  return (REPORTS as readonly (string | null)[]).includes(id)
    ? `the ${REPORT_LABELS[id as (typeof REPORTS)[number]]} report`
    : null;
}

/**
 * GET /api/admin/audit-log: newest first, a page at a time. Each row says who and what in words too:
 * the actor's and the target's names as they are now (docs/admin.md), next to the ids and the raw data.
 */
export async function listAudit(db: Db, page: number): Promise<AuditList> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(auditLog), actorName, targetName })
      .from(auditLog)
      .orderBy(desc(auditLog.seq))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(auditLog),
  ]);
  return {
    entries: rows.map((r) => ({
      ...r,
      targetName: r.targetType === 'report' ? reportName(r.targetId) : r.targetName,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total!.n,
    page,
    pageSize: PAGE_SIZE,
  };
}
