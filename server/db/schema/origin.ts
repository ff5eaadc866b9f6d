import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CERTIFICATE_STATUSES, type CertificateStatus } from '../../../domain/origin.ts';
import { campaigns } from './campaigns.ts';
import { storedFiles } from './files.ts';
import { listings, orders } from './marketplace.ts';
import { users } from './users.ts';
import { checkIn } from '../vocabulary.ts';

// Guarantees of Origin (issue 22; docs/carbon.md). A certificate covers `volume_kg` of hydrogen of a
// campaign's cargo or of a listing; `cancelled_kg` is what deliveries cancelled from it, kept by the
// database itself: inserting a cancellation adds its volume to its certificate (a trigger, under the
// certificate's row lock) and the CHECK refuses any total above the volume. One cancellation per
// order (unique), and cancellations are never changed or deleted (trigger): a volume is counted once.
export const originCertificates = pgTable(
  'origin_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    traderId: uuid('trader_id')
      .notNull()
      .references(() => users.id),
    campaignId: uuid('campaign_id').references(() => campaigns.id),
    listingId: uuid('listing_id').references(() => listings.id),
    issuingBody: text('issuing_body').notNull(),
    idRangeStart: text('id_range_start').notNull(),
    idRangeEnd: text('id_range_end').notNull(),
    plant: text('plant').notNull(),
    plantCountry: text('plant_country').notNull(),
    productionStart: date('production_start', { mode: 'string' }).notNull(),
    productionEnd: date('production_end', { mode: 'string' }).notNull(),
    volumeKg: numeric('volume_kg', { precision: 14, scale: 2 }).notNull(),
    cancelledKg: numeric('cancelled_kg', { precision: 14, scale: 2 }).notNull().default('0'),
    /** kg CO₂e per kg H₂ at the plant gate, as the certificate states it. */
    productionIntensity: numeric('production_intensity', { precision: 8, scale: 3 }).notNull(),
    shippingDistanceKm: integer('shipping_distance_km').notNull(),
    /** Delivered intensity by domain/carbon.ts, computed when entered. */
    carbonIntensity: numeric('carbon_intensity', { precision: 8, scale: 3 }).notNull(),
    /** The issuing body's document (server/uploads). */
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    status: text('status').$type<CertificateStatus>().notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('origin_certificates_trader_idx').on(t.traderId, t.createdAt.desc()),
    index('origin_certificates_campaign_idx').on(t.campaignId),
    index('origin_certificates_listing_idx').on(t.listingId),
    index('origin_certificates_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('origin_certificates_lot', sql`num_nonnulls(${t.campaignId}, ${t.listingId}) = 1`),
    checkIn('origin_certificates_status_check', t.status, CERTIFICATE_STATUSES),
    check('origin_certificates_volume_positive', sql`${t.volumeKg} > 0`),
    // Never cancelled past its volume, whatever the code does.
    check(
      'origin_certificates_cancelled_range',
      sql`${t.cancelledKg} >= 0 and ${t.cancelledKg} <= ${t.volumeKg}`,
    ),
    check('origin_certificates_period', sql`${t.productionStart} <= ${t.productionEnd}`),
    check('origin_certificates_distance', sql`${t.shippingDistanceKm} between 0 and 40000`),
    check('origin_certificates_intensity', sql`${t.productionIntensity} >= 0 and ${t.carbonIntensity} >= 0`),
  ],
);

/** A volume cancelled in a buyer's name for one delivered order: the statement's record. */
export const certificateCancellations = pgTable(
  'certificate_cancellations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Printed on the statement: HB-GO-000001. */
    number: integer('number').generatedAlwaysAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => originCertificates.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    /** The buyer's company as it was at the cancellation. */
    beneficiary: text('beneficiary').notNull(),
    volumeKg: numeric('volume_kg', { precision: 14, scale: 2 }).notNull(),
    /** The public verification page's code: random, unguessable, names no order. */
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('certificate_cancellations_order_key').on(t.orderId),
    uniqueIndex('certificate_cancellations_code_key').on(t.code),
    uniqueIndex('certificate_cancellations_number_key').on(t.number),
    index('certificate_cancellations_certificate_idx').on(t.certificateId),
    check('certificate_cancellations_volume_positive', sql`${t.volumeKg} > 0`),
  ],
);
