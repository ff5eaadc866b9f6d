// Guarantees of Origin entered and checked (docs/carbon.md): the owning trader enters a certificate for
// one of their campaigns' cargo or one of their listings with the issuing body's document; an admin
// approves or rejects it (with a reason, in the audit log); an approval or rejection sets the carbon
// intensity its campaign or listing shows (the highest of its approved certificates).
import { and, desc, eq, max, type SQL } from 'drizzle-orm';
import { carbonIntensity } from '../../../domain/carbon.ts';
import { companyName } from '../../../domain/listings.ts';
import { canViewCampaign, type Actor } from '../../../domain/policies.ts';
import type {
  Certificate,
  CertificateCreate,
  CertificateLot,
  CertificateReview,
  CertificateStatus,
} from '../../../domain/origin.ts';
import type { Db } from '../../db/connect.ts';
import { campaigns, listings, originCertificates, storedFiles, users } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { commitFiles, deleteFiles, type ReceivedFile } from '../../uploads/storage.ts';
import { recordAudit, type Auditor } from '../../audit.ts';

type CertificateRow = typeof originCertificates.$inferSelect;

/** Clears what shows a lot's carbon intensity (the cached campaign and listing pages), after commit. */
export type LotsChanged = (tx: Tx) => Promise<void>;

function certificatesQuery(db: Db) {
  return db
    .select({
      certificate: originCertificates,
      supplier: { companyName: users.companyName, firstName: users.firstName, username: users.username },
      campaignTitle: campaigns.title,
      listingLocation: listings.location,
    })
    .from(originCertificates)
    .innerJoin(users, eq(users.id, originCertificates.traderId))
    .leftJoin(campaigns, eq(campaigns.id, originCertificates.campaignId))
    .leftJoin(listings, eq(listings.id, originCertificates.listingId));
}

function toCertificate(r: Awaited<ReturnType<typeof certificatesQuery>>[number]): Certificate {
  const c = r.certificate;
  return {
    id: c.id,
    traderId: c.traderId,
    supplierName: companyName(r.supplier),
    campaignId: c.campaignId,
    listingId: c.listingId,
    lotName: r.campaignTitle ?? (r.listingLocation ? `Listing from ${r.listingLocation}` : 'Listing'),
    issuingBody: c.issuingBody,
    idRangeStart: c.idRangeStart,
    idRangeEnd: c.idRangeEnd,
    plant: c.plant,
    plantCountry: c.plantCountry,
    productionStart: c.productionStart,
    productionEnd: c.productionEnd,
    volumeKg: c.volumeKg,
    cancelledKg: c.cancelledKg,
    productionIntensity: c.productionIntensity,
    shippingDistanceKm: c.shippingDistanceKm,
    carbonIntensity: c.carbonIntensity,
    carbon: carbonIntensity(c),
    status: c.status,
    rejectionReason: c.rejectionReason,
    documentUrl: `/api/certificates/${c.id}/document`,
    createdAt: c.createdAt.toISOString(),
    reviewedAt: c.reviewedAt?.toISOString() ?? null,
  };
}

async function certificateById(db: Db, id: string): Promise<Certificate> {
  const [row] = await certificatesQuery(db).where(eq(originCertificates.id, id));
  if (!row) throw new AppError('CERTIFICATE_NOT_FOUND');
  return toCertificate(row);
}

/**
 * Before a byte of the upload is read: the lot must be the trader's own campaign or listing. A campaign
 * the trader may not even see is not found; another trader's visible campaign or listing is refused.
 */
export async function assertOwnsLot(db: Db, user: Actor, lot: CertificateLot): Promise<void> {
  if ('campaignId' in lot) {
    const [campaign] = await db
      .select({
        traderId: campaigns.traderId,
        status: campaigns.status,
        reviewStatus: campaigns.reviewStatus,
      })
      .from(campaigns)
      .where(eq(campaigns.id, lot.campaignId));
    if (!campaign || !canViewCampaign(user, campaign)) throw new AppError('CAMPAIGN_NOT_FOUND');
    if (campaign.traderId !== user.id) throw new AppError('CERTIFICATE_NOT_YOURS');
    return;
  }
  const [listing] = await db
    .select({ traderId: listings.traderId })
    .from(listings)
    .where(eq(listings.id, lot.listingId));
  if (!listing) throw new AppError('LISTING_NOT_FOUND');
  if (listing.traderId !== user.id) throw new AppError('CERTIFICATE_NOT_YOURS');
}

/** POST /api/{campaigns,listings}/:id/certificates: the trader's certificate, waiting for an admin's check. */
export async function createCertificate(
  db: Db,
  user: Actor,
  lot: CertificateLot,
  input: CertificateCreate,
  file: ReceivedFile,
  now: Date,
): Promise<Certificate> {
  try {
    await assertOwnsLot(db, user, lot);
    const carbon = carbonIntensity(input);
    const id = await inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(originCertificates)
        .values({
          traderId: user.id,
          campaignId: 'campaignId' in lot ? lot.campaignId : null,
          listingId: 'listingId' in lot ? lot.listingId : null,
          issuingBody: input.issuingBody,
          idRangeStart: input.idRangeStart,
          idRangeEnd: input.idRangeEnd,
          plant: input.plant,
          plantCountry: input.plantCountry,
          productionStart: input.productionStart,
          productionEnd: input.productionEnd,
          volumeKg: input.volumeKg,
          productionIntensity: input.productionIntensity,
          shippingDistanceKm: Number(input.shippingDistanceKm),
          carbonIntensity: carbon.total,
          fileId: file.fileId,
          createdAt: now,
        })
        .returning({ id: originCertificates.id });
      await commitFiles(tx, [file.fileId]);
      return row!.id;
    });
    return certificateById(db, id);
  } catch (error) {
    await deleteFiles(db, [file.fileId]);
    throw error;
  }
}

/** GET /api/certificates: a trader's own, every one for an admin (optionally by status), newest first. */
export async function listCertificates(
  db: Db,
  viewer: Actor,
  status?: CertificateStatus,
): Promise<Certificate[]> {
  const where: SQL | undefined = and(
    viewer.role === 'admin' ? undefined : eq(originCertificates.traderId, viewer.id),
    status ? eq(originCertificates.status, status) : undefined,
  );
  const rows = await certificatesQuery(db)
    .where(where)
    .orderBy(desc(originCertificates.createdAt), desc(originCertificates.id))
    .limit(500);
  return rows.map(toCertificate);
}

/** The issuing body's document, for the certificate's trader and admins (anyone else: not found). */
export async function certificateDocument(db: Db, viewer: Actor, id: string) {
  const [row] = await db
    .select({
      traderId: originCertificates.traderId,
      fileId: originCertificates.fileId,
      contentType: storedFiles.contentType,
      size: storedFiles.size,
    })
    .from(originCertificates)
    .innerJoin(storedFiles, eq(storedFiles.id, originCertificates.fileId))
    .where(eq(originCertificates.id, id));
  if (!row || (viewer.role !== 'admin' && row.traderId !== viewer.id))
    throw new AppError('CERTIFICATE_NOT_FOUND');
  return row;
}

/** Sets a campaign's or a listing's carbon intensity from its approved certificates (null: none). */
async function refreshLotIntensity(tx: Tx, row: CertificateRow): Promise<void> {
  const lot = row.campaignId
    ? eq(originCertificates.campaignId, row.campaignId)
    : eq(originCertificates.listingId, row.listingId!);
  const [highest] = await tx
    .select({ value: max(originCertificates.carbonIntensity) })
    .from(originCertificates)
    .where(and(lot, eq(originCertificates.status, 'approved')));
  const value = highest?.value ?? null;
  if (row.campaignId)
    await tx.update(campaigns).set({ carbonIntensity: value }).where(eq(campaigns.id, row.campaignId));
  else await tx.update(listings).set({ carbonIntensity: value }).where(eq(listings.id, row.listingId!));
}

/** POST /api/admin/certificates/:id/review: approve or reject (with a reason) a pending certificate, once. */
export async function reviewCertificate(
  db: Db,
  admin: Auditor,
  id: string,
  decision: CertificateReview,
  now: Date,
  lotsChanged: LotsChanged,
): Promise<Certificate> {
  await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(originCertificates)
      .where(eq(originCertificates.id, id))
      .for('update');
    if (!row) throw new AppError('CERTIFICATE_NOT_FOUND');
    if (row.status !== 'pending') throw new AppError('CERTIFICATE_ALREADY_REVIEWED');
    const status = decision.decision === 'approve' ? 'approved' : 'rejected';
    const reason = decision.decision === 'reject' ? decision.reason : null;
    await tx
      .update(originCertificates)
      .set({ status, rejectionReason: reason, reviewedBy: admin.id, reviewedAt: now })
      .where(eq(originCertificates.id, id));
    await refreshLotIntensity(tx, row);
    await recordAudit(
      tx,
      admin,
      {
        action: status === 'approved' ? 'certificate.approve' : 'certificate.reject',
        targetType: 'certificate',
        targetId: id,
        reason,
        before: { status: row.status },
        after: { status, carbonIntensity: row.carbonIntensity, volumeKg: row.volumeKg },
      },
      now,
    );
    await lotsChanged(tx);
  });
  return certificateById(db, id);
}
