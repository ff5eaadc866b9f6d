// Guarantees of Origin (issue 22 item 5; docs/carbon.md): a certificate a trader enters for a
// campaign's cargo or for a listing, with the issuing body's document; an admin checks it; when a
// buyer's order is delivered the matching volume is cancelled in the buyer's name, once. The wire
// shapes of the certificate calls, of the buyer's cancellation statement and of its public verification.
import { z } from 'zod';
import { decimalField } from './decimal-schema.ts';
import { textField } from './text.ts';

export const CERTIFICATE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
export const CERTIFICATE_STATUS_LABELS: Record<CertificateStatus, string> = {
  pending: 'Awaiting check',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** numeric(14,2): kilograms of hydrogen a certificate covers. */
export const VOLUME_KG_MAX = '999999999999.99';
/** Longest sea voyage accepted (km): more than half the globe's circumference. */
export const SHIPPING_DISTANCE_MAX_KM = 40_000;

const line = (label: string, max: number) =>
  textField(label, { error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const day = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label} must be a real date`);

/** kg CO₂e per kg H₂, up to 3 decimals, 0 to 99.999 (numeric(8,3)). */
const intensityField = z
  .string({ error: 'Production intensity is required' })
  .trim()
  .regex(
    /^\d{1,2}(\.\d{1,3})?$/,
    'Production intensity must be a number from 0 to 99.999 (kg CO₂e per kg H₂)',
  );

/**
 * `POST /api/campaigns/:id/certificates` and `POST /api/listings/:id/certificates` (multipart: these
 * text fields and the issuing body's document in `file`).
 */
export const certificateCreateSchema = z
  .strictObject({
    issuingBody: line('Issuing body', 120),
    idRangeStart: line('First certificate id', 64),
    idRangeEnd: line('Last certificate id', 64),
    plant: line('Production plant', 160),
    plantCountry: z
      .string({ error: 'Plant country is required' })
      .trim()
      .regex(/^[A-Z]{2}$/, 'Plant country must be a two-letter country code, e.g. IN'),
    productionStart: day('Production start'),
    productionEnd: day('Production end'),
    volumeKg: decimalField('Volume', { max: VOLUME_KG_MAX }),
    productionIntensity: intensityField,
    shippingDistanceKm: z
      .string({ error: 'Shipping distance is required' })
      .trim()
      .regex(/^\d{1,5}$/, 'Shipping distance must be a whole number of km')
      .refine((v) => Number(v) <= SHIPPING_DISTANCE_MAX_KM, `Shipping distance must be at most 40,000 km`),
  })
  .refine((v) => v.productionStart <= v.productionEnd, {
    path: ['productionEnd'],
    message: 'Production end cannot be before its start',
  });
export type CertificateCreate = z.output<typeof certificateCreateSchema>;
export type CertificateCreateInput = z.input<typeof certificateCreateSchema>;
/** The multipart text fields the route accepts. */
export const CERTIFICATE_FIELDS = [
  'issuingBody',
  'idRangeStart',
  'idRangeEnd',
  'plant',
  'plantCountry',
  'productionStart',
  'productionEnd',
  'volumeKg',
  'productionIntensity',
  'shippingDistanceKm',
] as const satisfies readonly (keyof CertificateCreateInput)[];

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);
const isoDate = z.string().datetime();

export const carbonBreakdownSchema = z.object({
  production: decimalString,
  conversion: decimalString,
  shipping: decimalString,
  cracking: decimalString,
  total: decimalString,
  savingPercent: decimalString,
  rfnbo: z.boolean(),
});

/** What a certificate says of its hydrogen's origin: on the certificate and on each statement. */
const certificateOrigin = z.object({
  issuingBody: z.string(),
  idRangeStart: z.string(),
  idRangeEnd: z.string(),
  plant: z.string(),
  plantCountry: z.string(),
  productionStart: z.string(),
  productionEnd: z.string(),
});

/** A certificate as its trader and admins see it. */
export const certificateSchema = z.object({
  id: z.string().uuid(),
  traderId: z.string().uuid(),
  supplierName: z.string(),
  campaignId: z.string().uuid().nullable(),
  listingId: z.string().uuid().nullable(),
  /** The campaign's title or the listing's location, to tell lots apart. */
  lotName: z.string(),
  ...certificateOrigin.shape,
  volumeKg: decimalString,
  cancelledKg: decimalString,
  productionIntensity: decimalString,
  shippingDistanceKm: z.number().int(),
  /** kg CO₂e per kg H₂ delivered (domain/carbon.ts). */
  carbonIntensity: decimalString,
  carbon: carbonBreakdownSchema,
  status: z.enum(CERTIFICATE_STATUSES),
  rejectionReason: z.string().nullable(),
  documentUrl: z.string(),
  createdAt: isoDate,
  reviewedAt: isoDate.nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;
export const certificateListSchema = z.array(certificateSchema);

export const certificateListQuerySchema = z.strictObject({
  status: z.enum(CERTIFICATE_STATUSES, { error: 'status must be pending, approved or rejected' }).optional(),
});

/** `POST /api/admin/certificates/:id/review`. */
export const certificateReviewSchema = z.discriminatedUnion(
  'decision',
  [
    z.strictObject({ decision: z.literal('approve') }),
    z.strictObject({
      decision: z.literal('reject'),
      reason: textField('Reason', { multiline: true, error: 'Reason is required' })
        .trim()
        .min(1, 'Reason is required')
        .max(1000, 'Reason is at most 1,000 characters'),
    }),
  ],
  { error: 'Decision must be approve or reject' },
);
export type CertificateReview = z.infer<typeof certificateReviewSchema>;

/**
 * The facts of a cancellation that anyone may verify (`GET /api/verify/:code`, signed out): who the
 * hydrogen was cancelled for, how much, from which certificate, and its carbon figure. No order id,
 * no email, no price.
 */
export const cancellationFactsSchema = z.object({
  statementNumber: z.string(),
  verificationCode: z.string(),
  verificationUrl: z.string(),
  cancelledAt: isoDate,
  /** The buyer's company, in whose name the volume is cancelled. */
  beneficiary: z.string(),
  supplierName: z.string(),
  deliveredTo: z.string(),
  volumeKg: decimalString,
  ...certificateOrigin.shape,
  shippingDistanceKm: z.number().int(),
  carbon: carbonBreakdownSchema,
});
export type CancellationFacts = z.infer<typeof cancellationFactsSchema>;

/** The buyer's statement (`GET /api/orders/:id/certificate`): the public facts and the order's own. */
export const cancellationStatementSchema = cancellationFactsSchema.extend({
  orderId: z.string().uuid(),
  orderQuantityKg: decimalString,
  csvUrl: z.string(),
});
export type CancellationStatement = z.infer<typeof cancellationStatementSchema>;

/** What `GET /api/orders/:id` carries once the order's certificate is cancelled (DESIGN §5). */
export const orderCertificateSchema = z
  .object({ statementUrl: z.string(), verificationUrl: z.string() })
  .nullable();
export type OrderCertificate = z.infer<typeof orderCertificateSchema>;

/** What a certificate is for: a campaign's cargo or a listing. */
export type CertificateLot = { campaignId: string } | { listingId: string };

/** The app's pages: the buyer's printable statement and the public verification. */
export const statementPath = (orderId: string) => `/buyer/orders/${orderId}/certificate`;
export const verificationPath = (code: string) => `/verify/${code}`;
