// User management (spec §2 admin dashboard tabs, §3 admin row, §6): the paginated user list with each
// user's transaction count and risk score, KYC decisions, suspension and reactivation. Every action
// locks the user row, checks the state it starts from, and writes its audit entry in the same transaction.
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../db/like.ts';
import {
  ADMIN_MESSAGES,
  KYC_WAITING,
  PAGE_SIZE,
  type AdminUserRow,
  type KycDecision,
  type UserList,
  type UserListQuery,
  type UserTab,
} from '../../../domain/admin.ts';
import { type AdminUserDetail } from '../../../domain/audit-log.ts';
import { displayName, type KycStatus } from '../../../domain/users.ts';
import { queryRows, type Db } from '../../db/connect.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notify } from '../notifications/index.ts';
import { AppError } from '../../errors.ts';
import { invalidateListingPages } from '../marketplace/index.ts';
import { documentsOf } from '../verification/index.ts';
import {
  assertDocumentsOpened,
  documentsOpenedBy,
  latestIdentityChange,
  settleIdentityChange,
} from '../verification/index.ts';
import { ACTIVITY_COLUMNS, activityJoins, riskOf, type Activity } from './activity.ts';
import { recordAudit, type Auditor } from '../../audit.ts';

function tabFilter(tab: UserTab): SQL | undefined {
  if (tab === 'pending-kyc') return inArray(users.kycStatus, [...KYC_WAITING]);
  if (tab === 'active') return eq(users.accountStatus, 'active');
  if (tab === 'suspended') return eq(users.accountStatus, 'suspended');
  return undefined;
}

function searchFilter(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(
    ilike(users.email, pattern),
    ilike(users.username, pattern),
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    ilike(users.companyName, pattern),
  );
}

/** The activity of the given users only (a page of them), in one statement. */
export async function activityOf(
  db: Db,
  ids: string[],
  now: Date,
): Promise<Map<string, Activity & { id: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<Activity & { id: string }>(
    db,
    sql`select u.id, ${ACTIVITY_COLUMNS}
      from users u ${activityJoins(sql`u.id`, now)}
      where u.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

type UserRow = typeof users.$inferSelect;

export function adminRow(user: UserRow, activity: Activity | undefined): AdminUserRow {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || displayName(user);
  return {
    id: user.id,
    name,
    email: user.email,
    role: user.role,
    kycStatus: user.kycStatus,
    accountStatus: user.accountStatus,
    registrationDate: user.createdAt.toISOString(),
    totalTransactions: activity?.total_transactions ?? 0,
    riskScore: riskOf(user, activity),
  };
}

/** Rows with their activity, in the order given. */
export async function adminRows(db: Db, rows: UserRow[], now: Date): Promise<AdminUserRow[]> {
  const activity = await activityOf(
    db,
    rows.map((r) => r.id),
    now,
  );
  return rows.map((r) => adminRow(r, activity.get(r.id)));
}

/**
 * GET /api/admin/users?tab=&q=&page=: a page of users. The Pending KYC tab is the review queue,
 * oldest submission first; the other tabs list the newest accounts first.
 */
export async function listUsers(db: Db, query: UserListQuery, now: Date): Promise<UserList> {
  const where = and(tabFilter(query.tab), searchFilter(query.q));
  const order =
    query.tab === 'pending-kyc'
      ? [sql`${users.kycSubmittedAt} asc nulls last`, asc(users.createdAt), asc(users.id)]
      : [desc(users.createdAt), desc(users.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return { users: await adminRows(db, rows, now), total: total!.n, page: query.page, pageSize: PAGE_SIZE };
}

/**
 * GET /api/admin/users/:id: the row, what KYB checks, the documents (Review Documents) with whether
 * the asking admin has opened each, and an identity change in review.
 */
export async function userDetail(db: Db, id: string, now: Date, adminId: string): Promise<AdminUserDetail> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.userNotFound);
  const [row] = await adminRows(db, [user], now);
  const [documents, opened, identityChange] = await Promise.all([
    documentsOf(db, id),
    documentsOpenedBy(db, id, adminId),
    latestIdentityChange(db, id),
  ]);
  return {
    ...row!,
    companyName: user.companyName,
    registrationNumber: user.registrationNumber,
    country: user.country,
    kycRejectionReason: user.kycRejectionReason,
    kycSubmittedAt: user.kycSubmittedAt?.toISOString() ?? null,
    firstName: user.firstName,
    lastName: user.lastName,
    documents: documents.map((d) => ({ ...d, opened: opened.has(d.id) })),
    identityChange,
  };
}

/** Locks a user (not found → 404) for an action on them. */
async function lockedUser(tx: Db, id: string): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!user) throw new AppError('NOT_FOUND', ADMIN_MESSAGES.userNotFound);
  return user;
}

/**
 * POST /api/admin/users/:id/kyc. An admin decides from Pending as well as from Under Review; a decided
 * verification is not decided again (a rejected user re-submits first). Approval needs the documents
 * on file, each opened by this admin (GET /api/kyc/documents/:id records it), and an identity that is
 * not another verified company's; an identity change in review becomes the user's on approval, and is
 * declined on rejection (the verified identity then stands: KYC back to Approved).
 */
export async function decideKyc(
  db: Db,
  admin: Auditor,
  id: string,
  decision: KycDecision,
  now: Date,
): Promise<AdminUserDetail> {
  await inTransaction(db, async (tx) => {
    const user = await lockedUser(tx, id);
    if (!KYC_WAITING.includes(user.kycStatus)) throw new AppError('CONFLICT', ADMIN_MESSAGES.kycDecided);
    if (decision.decision === 'approve') await assertDocumentsOpened(tx, id, admin.id);
    const settled = await settleIdentityChange(tx, user, decision, admin.id, now);
    const kycStatus: KycStatus = settled.kycStatus;
    const reason = decision.decision === 'reject' ? decision.reason : null;
    await tx
      .update(users)
      .set({ kycStatus, kycRejectionReason: kycStatus === 'rejected' ? reason : null, updatedAt: now })
      .where(eq(users.id, id));
    await recordAudit(
      tx,
      admin,
      {
        action: decision.decision === 'approve' ? 'kyc.approve' : 'kyc.reject',
        targetType: 'user',
        targetId: id,
        reason: [reason, decision.note].filter(Boolean).join(' — ') || null,
        before: { kycStatus: user.kycStatus, ...(settled.before && { identity: settled.before }) },
        after: {
          kycStatus,
          ...(reason && { kycRejectionReason: reason }),
          ...(settled.after && { identity: settled.after }),
        },
      },
      now,
    );
    // Once per submission decided: the user hears of it in the app (the verification page says why).
    await notify(tx, {
      userId: id,
      kind: 'kyc',
      key: `kyc:${user.kycSubmittedAt?.getTime() ?? 'unsubmitted'}:${kycStatus}`,
      title:
        kycStatus === 'rejected'
          ? 'Your verification was rejected: see why and submit again'
          : 'Your verification is approved',
      body: kycStatus === 'rejected' ? reason : null,
      link: '/verification',
    });
  });
  return userDetail(db, id, now, admin.id);
}

/**
 * POST /api/admin/users/:id/suspend: the account's sessions end at once (in the same transaction),
 * sign-in is refused with the suspension message, and a trader's campaigns take no new investments.
 * Never the admin themself nor another admin: that stays a CLI task, so the console cannot lock out
 * every admin.
 */
export async function suspendUser(db: Db, admin: Auditor, id: string, reason: string, now: Date) {
  if (id === admin.id) throw new AppError('FORBIDDEN', ADMIN_MESSAGES.notYourself);
  await inTransaction(db, async (tx) => {
    const user = await lockedUser(tx, id);
    if (user.role === 'admin') throw new AppError('FORBIDDEN', ADMIN_MESSAGES.notAdmin);
    if (user.accountStatus === 'suspended') throw new AppError('CONFLICT', ADMIN_MESSAGES.alreadySuspended);
    await tx.update(users).set({ accountStatus: 'suspended', updatedAt: now }).where(eq(users.id, id));
    // A suspended supplier's listings disappear from the marketplace at once.
    await invalidateListingPages(tx);
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, id))
      .returning({ h: sessions.tokenHash });
    await recordAudit(
      tx,
      admin,
      {
        action: 'user.suspend',
        targetType: 'user',
        targetId: id,
        reason,
        before: { accountStatus: 'active' },
        after: { accountStatus: 'suspended', endedSessions: ended.length },
      },
      now,
    );
  });
  return userDetail(db, id, now, admin.id);
}

/** POST /api/admin/users/:id/reactivate: access restored (the user signs in again). */
export async function reactivateUser(db: Db, admin: Auditor, id: string, now: Date) {
  await inTransaction(db, async (tx) => {
    const user = await lockedUser(tx, id);
    if (user.accountStatus !== 'suspended') throw new AppError('CONFLICT', ADMIN_MESSAGES.notSuspended);
    await tx.update(users).set({ accountStatus: 'active', updatedAt: now }).where(eq(users.id, id));
    await invalidateListingPages(tx);
    await recordAudit(
      tx,
      admin,
      {
        action: 'user.reactivate',
        targetType: 'user',
        targetId: id,
        before: { accountStatus: 'suspended' },
        after: { accountStatus: 'active' },
      },
      now,
    );
  });
  return userDetail(db, id, now, admin.id);
}
