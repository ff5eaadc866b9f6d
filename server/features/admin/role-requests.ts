// Role change requests (spec §1, §3; spec §6 keeps one role per user): a user asks for another role,
// an admin approves (the user's one role changes) or declines; the user is told by email; audited.
// A role that needs more verification (investor → trader or buyer: company registration) sends the
// user's KYC back to Pending until the missing document is reviewed.
import { and, count, eq, inArray } from 'drizzle-orm';
import {
  PAGE_SIZE,
  ROLE_REQUEST_MESSAGES,
  type RoleRequestList,
  type RoleRequestRow,
} from '../../../domain/admin.ts';
import { requiredDocuments } from '../../../domain/kyc.ts';
import { displayName, ROLE_LABELS, type Role } from '../../../domain/users.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.ts';
import { campaigns, escrowRecords, investments, roleRequests, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { IN_ESCROW } from '../../../domain/investments.ts';
import type { Mailer } from '../../mail.ts';
import { recordAudit, type Actor } from './audit.ts';

const columns = {
  id: roleRequests.id,
  userId: roleRequests.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  email: users.email,
  currentRole: users.role,
  newRole: roleRequests.newRole,
  status: roleRequests.status,
  createdAt: roleRequests.createdAt,
};

function query(db: Db) {
  return db.select(columns).from(roleRequests).innerJoin(users, eq(users.id, roleRequests.userId));
}

function toRow(r: Awaited<ReturnType<typeof query>>[number]): RoleRequestRow {
  const { firstName, lastName, username, ...rest } = r;
  return {
    ...rest,
    name: [firstName, lastName].filter(Boolean).join(' ') || displayName({ firstName, username }),
    createdAt: r.createdAt.toISOString(),
  };
}

/** POST /api/role-requests: one pending request per user, for a role they do not have. */
export async function requestRole(db: Db, user: { id: string; role: Role }, newRole: Role, now: Date) {
  if (newRole === user.role)
    throw new AppError('VALIDATION', ROLE_REQUEST_MESSAGES.sameRole, {
      newRole: ROLE_REQUEST_MESSAGES.sameRole,
    });
  return inTransaction(db, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const [open] = await tx
      .select({ id: roleRequests.id })
      .from(roleRequests)
      .where(and(eq(roleRequests.userId, user.id), eq(roleRequests.status, 'pending')));
    if (open) throw new AppError('CONFLICT', ROLE_REQUEST_MESSAGES.pending);
    const [row] = await tx
      .insert(roleRequests)
      .values({ userId: user.id, newRole, createdAt: now })
      .returning();
    const [full] = await query(tx).where(eq(roleRequests.id, row!.id));
    return toRow(full!);
  });
}

/** GET /api/admin/role-requests: pending requests, oldest first. */
export async function listRoleRequests(db: Db, page: number): Promise<RoleRequestList> {
  const pending = eq(roleRequests.status, 'pending');
  const [rows, [total]] = await Promise.all([
    query(db)
      .where(pending)
      .orderBy(roleRequests.createdAt)
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(roleRequests).where(pending),
  ]);
  return { requests: rows.map(toRow), total: total!.n, page, pageSize: PAGE_SIZE };
}

/** POST /api/admin/role-requests/:id: approve (the role changes) or decline; the user is emailed. */
export async function decideRoleRequest(
  db: Db,
  mailer: Mailer,
  log: Pick<FastifyBaseLogger, 'warn'>,
  admin: Actor,
  id: string,
  decision: { decision: 'approve' | 'decline'; reason?: string | undefined },
  now: Date,
): Promise<RoleRequestRow> {
  const row = await inTransaction(db, async (tx) => {
    const [request] = await tx.select().from(roleRequests).where(eq(roleRequests.id, id)).for('update');
    if (!request) throw new AppError('NOT_FOUND', ROLE_REQUEST_MESSAGES.notFound);
    if (request.status !== 'pending') throw new AppError('CONFLICT', ROLE_REQUEST_MESSAGES.decided);
    const [user] = await tx.select().from(users).where(eq(users.id, request.userId)).for('update');
    const approve = decision.decision === 'approve';
    if (approve) {
      // Money in flight stays with the role it was committed under.
      if (user!.role === 'trader') {
        const [live] = await tx
          .select({ n: count() })
          .from(campaigns)
          .where(
            and(eq(campaigns.traderId, user!.id), inArray(campaigns.status, ['active', 'funded', 'trading'])),
          );
        if (live!.n > 0) throw new AppError('CONFLICT', ROLE_REQUEST_MESSAGES.traderBusy);
      }
      if (user!.role === 'investor') {
        const [held] = await tx
          .select({ n: count() })
          .from(escrowRecords)
          .innerJoin(investments, eq(investments.id, escrowRecords.investmentId))
          .where(and(eq(investments.investorId, user!.id), inArray(escrowRecords.status, [...IN_ESCROW])));
        if (held!.n > 0) throw new AppError('CONFLICT', ROLE_REQUEST_MESSAGES.investorBusy);
      }
      const needsMore = requiredDocuments(request.newRole).some((k) => !user!.kycDocuments.includes(k));
      await tx
        .update(users)
        .set({
          role: request.newRole,
          // Approved or under review for the old role: the new role's documents are still to come.
          ...(needsMore && user!.kycStatus !== 'rejected' && { kycStatus: 'pending' as const }),
          updatedAt: now,
        })
        .where(eq(users.id, user!.id));
    }
    await tx
      .update(roleRequests)
      .set({ status: approve ? 'approved' : 'declined', decidedAt: now })
      .where(eq(roleRequests.id, id));
    await recordAudit(
      tx,
      admin,
      {
        action: approve ? 'role.approve' : 'role.decline',
        targetType: 'user',
        targetId: user!.id,
        reason: decision.reason ?? null,
        before: { role: user!.role },
        after: { role: approve ? request.newRole : user!.role },
      },
      now,
    );
    const [full] = await query(tx).where(eq(roleRequests.id, id));
    return { row: toRow(full!), email: user!.email, newRole: request.newRole };
  });
  if (row.email) {
    const label = ROLE_LABELS[row.newRole];
    // Told after commit; a mail failure does not undo the decision (the new role shows at sign-in).
    await mailer
      .send({
        to: row.email,
        subject: `Your request for the ${label} role`,
        text:
          decision.decision === 'approve'
            ? `Your HydroBridge account now has the ${label} role. Sign in again to use it.`
            : `Your request for the ${label} role was declined.${decision.reason ? ` Reason: ${decision.reason}` : ''}`,
      })
      .catch((error: unknown) => log.warn({ err: error }, 'role decision email not sent'));
  }
  return row.row;
}
