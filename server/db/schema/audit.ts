import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Every admin action (KYC decision, suspension, reactivation, dispute resolution, cancellation,
// export): who, what, on which target, why, the state before and after, and when. Append-only: the
// migration adds a trigger refusing UPDATE and DELETE. No foreign keys: the record outlives the
// accounts it names (an account deleted with its documents keeps its audit trail).
export const auditLog = pgTable(
  'audit_log',
  {
    /** Ordered as written, for a stable page order and export. */
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    /** The actor's email (or username) as it was then. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    reason: text('reason'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);
