// Cancelling Guarantees of Origin in the buyer's name (docs/carbon.md): when an order is delivered, the
// volume it delivered is cancelled from an approved certificate of its lot (the listing's own, else its
// campaign's), in the same transaction as the delivery. The database keeps it to once: one cancellation
// per order (unique), its volume added to the certificate by a trigger under the certificate's row lock,
// and a CHECK that the cancelled volume never passes the certificate's. The buyer's statement, the public
// verification (facts only: no order id, email or price) and the CBAM CSV read the cancellation back.
import type { Actor } from '../../../domain/policies.ts';
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { carbonIntensity } from '../../../domain/carbon.ts';
import { toCsv } from '../../../domain/csv.ts';
import { companyName } from '../../../domain/listings.ts';
import { dec, quantityInKg, toFixed } from '../../../domain/money.ts';
import {
  verificationPath,
  type CancellationFacts,
  type CancellationStatement,
} from '../../../domain/origin.ts';
import type { Db } from '../../db/connect.ts';
import {
  certificateCancellations,
  listings,
  orders,
  originCertificates,
  users,
} from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';

type OrderRow = typeof orders.$inferSelect;

/** A code for the public page: 20 characters of base32 (100 bits), names no order. */
function newCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...randomBytes(20)].map((b) => alphabet[b % 32]).join('');
}

/**
 * The delivered order's volume cancelled in its buyer's name, once: from the first approved certificate
 * of its lot with volume left (the listing's own first, then its campaign's, oldest first), at most what
 * that certificate has left. Nothing when the order has no such certificate (an order from an offer, a
 * lot without certificates, every certificate used up). Runs inside the delivery's transaction.
 */
export async function cancelForDelivery(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  if (!order.listingId) return;
  const [listing] = await tx
    .select({ id: listings.id, campaignId: listings.campaignId })
    .from(listings)
    .where(eq(listings.id, order.listingId));
  if (!listing) return;
  const lot = listing.campaignId
    ? or(eq(originCertificates.listingId, listing.id), eq(originCertificates.campaignId, listing.campaignId))
    : eq(originCertificates.listingId, listing.id);
  // Locked in one order (by id) so two deliveries never wait on each other crosswise.
  const candidates = await tx
    .select()
    .from(originCertificates)
    .where(
      and(
        lot,
        eq(originCertificates.status, 'approved'),
        gt(originCertificates.volumeKg, originCertificates.cancelledKg),
      ),
    )
    .orderBy(asc(originCertificates.id))
    .for('update');
  const ordered = candidates.sort(
    (a, b) => Number(!!b.listingId) - Number(!!a.listingId) || a.createdAt.getTime() - b.createdAt.getTime(),
  );
  const certificate = ordered[0];
  if (!certificate) return;
  const wanted = quantityInKg(order.quantity, order.unit);
  const left = dec(certificate.volumeKg).minus(certificate.cancelledKg);
  const volume = wanted.lt(left) ? wanted : left;
  const [buyer] = await tx
    .select({ companyName: users.companyName, firstName: users.firstName, username: users.username })
    .from(users)
    .where(eq(users.id, order.buyerId));
  // The unique key on order_id makes a second attempt a no-op; the trigger counts the volume.
  await tx
    .insert(certificateCancellations)
    .values({
      orderId: order.id,
      certificateId: certificate.id,
      buyerId: order.buyerId,
      beneficiary: companyName(buyer!),
      volumeKg: toFixed(volume),
      code: newCode(),
      createdAt: now,
    })
    .onConflictDoNothing({ target: certificateCancellations.orderId });
}

const supplier = alias(users, 'supplier');

function cancellationsQuery(db: Db) {
  return db
    .select({
      cancellation: certificateCancellations,
      certificate: originCertificates,
      order: {
        id: orders.id,
        buyerId: orders.buyerId,
        traderId: orders.traderId,
        location: orders.location,
        quantity: orders.quantity,
        unit: orders.unit,
        deliveredAt: orders.deliveredAt,
      },
      supplier: {
        companyName: supplier.companyName,
        firstName: supplier.firstName,
        username: supplier.username,
      },
    })
    .from(certificateCancellations)
    .innerJoin(originCertificates, eq(originCertificates.id, certificateCancellations.certificateId))
    .innerJoin(orders, eq(orders.id, certificateCancellations.orderId))
    .innerJoin(supplier, eq(supplier.id, orders.traderId));
}
type CancellationJoin = Awaited<ReturnType<typeof cancellationsQuery>>[number];

/** HB-GO-000042: the statement's number. */
const statementNumber = (n: number | null) => `HB-GO-${String(n ?? 0).padStart(6, '0')}`;

function factsOf(r: CancellationJoin, publicUrl: string): CancellationFacts {
  const c = r.certificate;
  return {
    statementNumber: statementNumber(r.cancellation.number),
    verificationCode: r.cancellation.code,
    verificationUrl: new URL(verificationPath(r.cancellation.code), publicUrl).toString(),
    cancelledAt: r.cancellation.createdAt.toISOString(),
    beneficiary: r.cancellation.beneficiary,
    supplierName: companyName(r.supplier),
    deliveredTo: r.order.location,
    volumeKg: r.cancellation.volumeKg,
    issuingBody: c.issuingBody,
    idRangeStart: c.idRangeStart,
    idRangeEnd: c.idRangeEnd,
    plant: c.plant,
    plantCountry: c.plantCountry,
    productionStart: c.productionStart,
    productionEnd: c.productionEnd,
    shippingDistanceKm: c.shippingDistanceKm,
    carbon: carbonIntensity(c),
  };
}

/** The cancellation of an order its buyer, its supplier or an admin may see (anyone else: not found). */
async function cancellationOfOrder(db: Db, viewer: Actor, orderId: string): Promise<CancellationJoin> {
  const [row] = await cancellationsQuery(db).where(eq(certificateCancellations.orderId, orderId));
  const party =
    row && (viewer.role === 'admin' || row.order.buyerId === viewer.id || row.order.traderId === viewer.id);
  if (!party) {
    // An order the viewer may see but without a cancellation says so; a stranger's is simply not found.
    const [order] = await db
      .select({ buyerId: orders.buyerId, traderId: orders.traderId })
      .from(orders)
      .where(eq(orders.id, orderId));
    const mayView =
      order && (viewer.role === 'admin' || order.buyerId === viewer.id || order.traderId === viewer.id);
    throw new AppError(mayView ? 'STATEMENT_NOT_FOUND' : 'ORDER_NOT_FOUND');
  }
  return row;
}

/** GET /api/orders/:id/certificate: the printable cancellation statement. */
export async function statementOf(
  db: Db,
  viewer: Actor,
  orderId: string,
  publicUrl: string,
): Promise<CancellationStatement> {
  const row = await cancellationOfOrder(db, viewer, orderId);
  return {
    ...factsOf(row, publicUrl),
    orderId: row.order.id,
    orderQuantityKg: toFixed(quantityInKg(row.order.quantity, row.order.unit)),
    csvUrl: `/api/orders/${row.order.id}/carbon.csv`,
  };
}

/** GET /api/verify/:code: the statement's facts for anyone, signed out too. */
export async function verificationOf(db: Db, code: string, publicUrl: string): Promise<CancellationFacts> {
  if (!/^[A-Z2-9]{20}$/.test(code)) throw new AppError('VERIFICATION_NOT_FOUND');
  const [row] = await cancellationsQuery(db).where(eq(certificateCancellations.code, code));
  if (!row) throw new AppError('VERIFICATION_NOT_FOUND');
  return factsOf(row, publicUrl);
}

/** CN code of hydrogen in the CBAM annex (Regulation (EU) 2023/956, Annex I). */
const CN_HYDROGEN = '2804 10 00';

export const CBAM_COLUMNS = [
  'statement_number',
  'verification_url',
  'delivered_at',
  'cn_code',
  'goods',
  'quantity_tonnes',
  'country_of_origin',
  'installation',
  'production_period_start',
  'production_period_end',
  'specific_embedded_emissions_t_co2e_per_t',
  'embedded_emissions_t_co2e',
  'delivered_intensity_kg_co2e_per_kg',
  'conversion_kg_co2e_per_kg',
  'shipping_kg_co2e_per_kg',
  'cracking_kg_co2e_per_kg',
  'shipping_distance_km',
  'rfnbo',
  'certificate_issuing_body',
  'certificate_id_start',
  'certificate_id_end',
  'certificate_volume_cancelled_kg',
] as const;

/**
 * GET /api/orders/:id/carbon.csv: one row with what an EU importer reports under CBAM for the delivered
 * hydrogen (docs/carbon.md): the goods, quantity, origin, installation, the embedded emissions of its
 * production, and the delivered figure with its stages and the certificate.
 */
export async function cbamCsv(db: Db, viewer: Actor, orderId: string, publicUrl: string) {
  const row = await cancellationOfOrder(db, viewer, orderId);
  const facts = factsOf(row, publicUrl);
  const tonnes = quantityInKg(row.order.quantity, row.order.unit).div(1000);
  // kg CO₂e per kg is t CO₂e per t: the production figure is CBAM's specific embedded emissions.
  const embedded = tonnes.times(facts.carbon.production);
  return {
    fileName: `hydrogen-carbon-${facts.statementNumber}.csv`,
    csv: toCsv(CBAM_COLUMNS, [
      [
        facts.statementNumber,
        facts.verificationUrl,
        row.order.deliveredAt?.toISOString() ?? '',
        CN_HYDROGEN,
        'Hydrogen',
        tonnes.toFixed(3),
        facts.plantCountry,
        facts.plant,
        facts.productionStart,
        facts.productionEnd,
        facts.carbon.production,
        embedded.round(3).toFixed(3),
        facts.carbon.total,
        facts.carbon.conversion,
        facts.carbon.shipping,
        facts.carbon.cracking,
        facts.shippingDistanceKm,
        facts.carbon.rfnbo ? 'yes' : 'no',
        facts.issuingBody,
        facts.idRangeStart,
        facts.idRangeEnd,
        facts.volumeKg,
      ],
    ]),
  };
}
