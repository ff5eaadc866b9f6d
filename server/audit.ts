// The audit log (docs/admin.md): one append-only row per admin action, written in the same database
// transaction as the action itself, so an action is never recorded without its trail (or the reverse).
import { count, desc } from 'drizzle-orm';
import { PAGE_SIZE, type AuditAction, type AuditList } from '../domain/admin.ts';
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

/** GET /api/admin/audit-log: newest first, a page at a time. */
export async function listAudit(db: Db, page: number): Promise<AuditList> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.seq))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(auditLog),
  ]);
  return {
    entries: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: total!.n,
    page,
    pageSize: PAGE_SIZE,
  };
}
