// Role change requests (spec §1, §3; spec §6 keeps one role per user): a user asks for another role,
// an admin approves (the user's one role changes) or declines; the user is told by email; audited.
// A role that needs more verification (investor → trader or buyer: company registration) sends the
// user's KYC back to Pending until the missing document is reviewed. A change waits while money is in
// flight under the old role: open orders (as buyer or supplier), live investments, campaigns not
// finished, settlements due (`roleChangeBlockers`).
import { and, count, eq, or } from 'drizzle-orm';
import {
  PAGE_SIZE,
  ROLE_REQUEST_MESSAGES,
  roleChangeBlockersText,
  type RoleChangeBlockers,
  type RoleRequestList,
  type RoleRequestRow,
} from '../../../domain/admin.ts';
import { CAMPAIGN_STATUS_GROUPS } from '../../../domain/campaigns.ts';
import { requiredDocuments } from '../../../domain/kyc.ts';
import { displayName, ROLE_LABELS, type Role } from '../../../domain/users.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns, investments, orders, roleRequests, settlements, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { Outbox } from '../../email/outbox.ts';
import { recordAudit, type Auditor } from '../../audit.ts';
import { INVESTMENT_STATUS_GROUPS } from '../../../domain/investments.ts';
import { ORDER_PAYMENT_GROUPS } from '../../../domain/orders.ts';
import { SETTLEMENT_STATUS_GROUPS } from '../../../domain/money-out.ts';
import { sqlIn } from '../../db/vocabulary.ts';

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

/** What keeps `userId`'s role from changing now, counted in the caller's transaction. */
export async function roleChangeBlockers(tx: Db, userId: string): Promise<RoleChangeBlockers> {
  const [[o], [i], [c], [s]] = await Promise.all([
    tx
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          or(eq(orders.buyerId, userId), eq(orders.traderId, userId)),
          sqlIn(orders.payment, ORDER_PAYMENT_GROUPS.open),
        ),
      ),
    tx
      .select({ n: count() })
      .from(investments)
      .where(
        and(eq(investments.investorId, userId), sqlIn(investments.status, INVESTMENT_STATUS_GROUPS.open)),
      ),
    tx
      .select({ n: count() })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.traderId, userId),
          sqlIn(campaigns.status, [
            ...CAMPAIGN_STATUS_GROUPS.openForFunding,
            ...CAMPAIGN_STATUS_GROUPS.shipping,
          ]),
        ),
      ),
    tx
      .select({ n: count() })
      .from(settlements)
      .innerJoin(campaigns, eq(campaigns.id, settlements.campaignId))
      .where(and(eq(campaigns.traderId, userId), sqlIn(settlements.status, SETTLEMENT_STATUS_GROUPS.due))),
  ]);
  return {
    openOrders: o!.n,
    liveInvestments: i!.n,
    unfinishedCampaigns: c!.n,
    settlementsDue: s!.n,
  };
}

/** POST /api/admin/role-requests/:id: approve (the role changes) or decline; the user is emailed. */
export async function decideRoleRequest(
  db: Db,
  outbox: Pick<Outbox, 'email'>,
  admin: Auditor,
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
      // Money in flight stays with the role it was committed under: the change waits for it. The user's
      // row is locked, and every money path needs their role at the route, so nothing new starts meanwhile.
      const open = roleChangeBlockersText(await roleChangeBlockers(tx, user!.id));
      if (open) throw AppError.of('ROLE_CHANGE_WAITS', { open });
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
    // Told with the decision (the email commits with it); the new role shows at sign-in.
    if (user!.email) {
      const role = ROLE_LABELS[request.newRole];
      if (approve) await outbox.email(tx, user!.email, 'role-approved', { role });
      else await outbox.email(tx, user!.email, 'role-declined', { role, reason: decision.reason ?? null });
    }
    return toRow(full!);
  });
  return row;
}
