// Campaign updates (issue 22 item 1; docs/updates.md): the owning trader posts one for everyone or for
// the backers only, attaches up to UPDATE_LIMITS.attachments files, and the backers are told by email
// (onUpdatePosted, announced in the post's transaction). Readers get what their place allows.
import type { Actor } from '../../../domain/policies.ts';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { INVESTMENT_STATUS_GROUPS } from '../../../domain/investments.ts';
import { sqlIn } from '../../db/vocabulary.ts';
import {
  UPDATE_LIMITS,
  type CampaignUpdate,
  type CampaignUpdateList,
  type RecentUpdate,
  type UpdateCreate,
} from '../../../domain/updates.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns, campaignUpdateFiles, campaignUpdates, investments } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import type { ReceivedFile } from '../../uploads/receive.ts';
import { commitFiles, deleteFiles } from '../../uploads/storage.ts';
import { announce } from '../campaigns/index.ts';
import { campaignAccess } from './access.ts';

type UpdateRow = typeof campaignUpdates.$inferSelect;
type FileRow = typeof campaignUpdateFiles.$inferSelect;

/** The campaign's own trader, checked before anything is read or stored. */
export async function assertMayPost(db: Db, viewer: NonNullable<Actor | null>, campaignId: string) {
  const access = await campaignAccess(db, viewer, campaignId);
  if (!access.owns) throw new AppError('UPDATE_NOT_YOURS');
  return access;
}

/** POST /api/campaigns/:id/updates → `{id}`; the backers are told once the post commits. */
export async function postUpdate(
  db: Db,
  viewer: NonNullable<Actor | null>,
  campaignId: string,
  input: UpdateCreate,
  now: Date,
): Promise<{ id: string }> {
  await assertMayPost(db, viewer, campaignId);
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(campaignUpdates)
      .values({ campaignId, authorId: viewer.id, ...input, createdAt: now })
      .returning({ id: campaignUpdates.id });
    announce(tx, 'onUpdatePosted', row!.id);
    return { id: row!.id };
  });
}

const fileUrl = (u: Pick<UpdateRow, 'id' | 'campaignId'>, f: Pick<FileRow, 'id'>) =>
  `/api/campaigns/${u.campaignId}/updates/${u.id}/files/${f.id}`;

function toUpdate(row: UpdateRow, files: FileRow[]): CampaignUpdate {
  return {
    id: row.id,
    campaignId: row.campaignId,
    title: row.title,
    body: row.body,
    audience: row.audience,
    createdAt: row.createdAt.toISOString(),
    attachments: files
      .filter((f) => f.updateId === row.id)
      .map((f) => ({
        id: f.id,
        fileName: f.fileName,
        contentType: f.contentType,
        size: f.size,
        url: fileUrl(row, f),
      })),
  };
}

async function withFiles(db: Db, rows: UpdateRow[]): Promise<CampaignUpdate[]> {
  const ids = rows.map((r) => r.id);
  const files = ids.length
    ? await db
        .select()
        .from(campaignUpdateFiles)
        .where(inArray(campaignUpdateFiles.updateId, ids))
        .orderBy(campaignUpdateFiles.createdAt, campaignUpdateFiles.id)
    : [];
  return rows.map((r) => toUpdate(r, files));
}

/** GET /api/campaigns/:id/updates: newest first; backers-only ones for backers, the trader and admins. */
export async function listUpdates(
  db: Db,
  viewer: Actor | null,
  campaignId: string,
): Promise<CampaignUpdateList> {
  const access = await campaignAccess(db, viewer, campaignId);
  const rows = await db
    .select()
    .from(campaignUpdates)
    .where(eq(campaignUpdates.campaignId, campaignId))
    .orderBy(desc(campaignUpdates.createdAt), desc(campaignUpdates.id));
  const readable = rows.filter((r) => access.insider || r.audience === 'public');
  return { items: await withFiles(db, readable), backersOnly: rows.length - readable.length };
}

/** The update, if the caller may read it (404 otherwise: a backers-only one does not exist for others). */
async function readableUpdate(db: Db, viewer: Actor | null, campaignId: string, updateId: string) {
  const access = await campaignAccess(db, viewer, campaignId);
  const [row] = await db
    .select()
    .from(campaignUpdates)
    .where(and(eq(campaignUpdates.id, updateId), eq(campaignUpdates.campaignId, campaignId)));
  if (!row || (row.audience === 'backers' && !access.insider)) throw new AppError('UPDATE_NOT_FOUND');
  return { row, access };
}

/** Checked before an upload is read: the trader's own update, with room for another file. */
export async function assertMayAttach(
  db: Db,
  viewer: NonNullable<Actor | null>,
  campaignId: string,
  updateId: string,
) {
  const { access } = await readableUpdate(db, viewer, campaignId, updateId);
  if (!access.owns) throw new AppError('UPDATE_NOT_YOURS');
  const [row] = await db
    .select({ n: count() })
    .from(campaignUpdateFiles)
    .where(eq(campaignUpdateFiles.updateId, updateId));
  if ((row?.n ?? 0) >= UPDATE_LIMITS.attachments)
    throw AppError.of('ATTACHMENTS_FULL', { max: String(UPDATE_LIMITS.attachments) });
}

/**
 * POST /api/campaigns/:id/updates/:updateId/files: the received files join the update, within the
 * bound counted again under the update's lock (two uploads at once cannot pass it); else they are deleted.
 */
export async function attachFiles(
  db: Db,
  viewer: NonNullable<Actor | null>,
  campaignId: string,
  updateId: string,
  files: ReceivedFile[],
): Promise<CampaignUpdate> {
  try {
    return await inTransaction(db, async (tx) => {
      const [update] = await tx
        .select()
        .from(campaignUpdates)
        .where(and(eq(campaignUpdates.id, updateId), eq(campaignUpdates.campaignId, campaignId)))
        .for('update');
      if (!update) throw new AppError('UPDATE_NOT_FOUND');
      if (update.authorId !== viewer.id) throw new AppError('UPDATE_NOT_YOURS');
      const [held] = await tx
        .select({ n: count() })
        .from(campaignUpdateFiles)
        .where(eq(campaignUpdateFiles.updateId, updateId));
      if ((held?.n ?? 0) + files.length > UPDATE_LIMITS.attachments)
        throw AppError.of('ATTACHMENTS_FULL', { max: String(UPDATE_LIMITS.attachments) });
      await tx.insert(campaignUpdateFiles).values(
        files.map((f) => ({
          updateId,
          fileId: f.fileId,
          fileName: f.fileName.slice(0, 200),
          contentType: f.contentType,
          size: f.size,
        })),
      );
      await commitFiles(
        tx,
        files.map((f) => f.fileId),
      );
      const rows = await tx
        .select()
        .from(campaignUpdateFiles)
        .where(eq(campaignUpdateFiles.updateId, updateId));
      return toUpdate(update, rows);
    });
  } catch (error) {
    await deleteFiles(
      db,
      files.map((f) => f.fileId),
    );
    throw error;
  }
}

/** An attached file, for whoever may read its update. */
export async function updateFile(
  db: Db,
  viewer: Actor | null,
  campaignId: string,
  updateId: string,
  fileId: string,
) {
  await readableUpdate(db, viewer, campaignId, updateId);
  const [file] = await db
    .select()
    .from(campaignUpdateFiles)
    .where(and(eq(campaignUpdateFiles.id, fileId), eq(campaignUpdateFiles.updateId, updateId)));
  if (!file) throw new AppError('NOT_FOUND', 'File not found');
  return file;
}

/** GET /api/portfolio/updates: the newest updates (either audience) of the campaigns the investor backs. */
export async function recentUpdates(db: Db, investorId: string): Promise<{ items: RecentUpdate[] }> {
  const backed = db
    .selectDistinct({ id: investments.campaignId })
    .from(investments)
    .where(
      and(
        eq(investments.investorId, investorId),
        sqlIn(investments.status, INVESTMENT_STATUS_GROUPS.backers),
      ),
    );
  const rows = await db
    .select({ update: campaignUpdates, campaignTitle: campaigns.title })
    .from(campaignUpdates)
    .innerJoin(campaigns, eq(campaigns.id, campaignUpdates.campaignId))
    .where(inArray(campaignUpdates.campaignId, backed))
    .orderBy(desc(campaignUpdates.createdAt), desc(campaignUpdates.id))
    .limit(UPDATE_LIMITS.recent);
  const updates = await withFiles(
    db,
    rows.map((r) => r.update),
  );
  return { items: updates.map((u, i) => ({ ...u, campaignTitle: rows[i]!.campaignTitle })) };
}
