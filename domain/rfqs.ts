// Quote requests (RFQ): a buyer asks one supplier or every supplier; suppliers answer with an offer;
// the accepted offer becomes an order (orders.ts). Message threads per request and supplier, or per
// order. The wire shapes of those calls.
import { z } from 'zod';
import { AVAILABILITIES, CERTIFICATIONS, QUANTITY_UNITS } from './listings.ts';
import { dec } from './money.ts';
import { dateField, orderCreateSchema } from './orders.ts';
import { textField } from './text.ts';

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);
const isoDate = z.string().datetime();

export const RFQ_STATUSES = ['open', 'accepted', 'closed'] as const;
export type RfqStatus = (typeof RFQ_STATUSES)[number];
export const OFFER_STATUSES = ['open', 'accepted', 'declined'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const rfqCreateSchema = z
  .strictObject({
    /** One supplier, or null / absent for every supplier. */
    traderId: z.string().uuid('traderId must be a supplier id').nullable().optional(),
    quantity: orderCreateSchema.shape.quantity,
    unit: z.enum(QUANTITY_UNITS, { error: 'Unit must be tonnes or kg' }),
    deliveryFrom: dateField('Delivery window start'),
    deliveryTo: dateField('Delivery window end'),
    destinationPort: textField('Destination port', { error: 'Destination port is required' })
      .trim()
      .min(2, 'Destination port is required')
      .max(120, 'Destination port must be at most 120 characters'),
    certifications: z
      .array(z.enum(CERTIFICATIONS, { error: `certifications must be among: ${CERTIFICATIONS.join(', ')}` }))
      .max(CERTIFICATIONS.length)
      .refine((v) => new Set(v).size === v.length, 'certifications must not repeat')
      .default([]),
    note: textField('Note', { multiline: true })
      .trim()
      .max(1000, 'Note must be at most 1000 characters')
      .optional(),
  })
  .refine((v) => Date.parse(v.deliveryTo) >= Date.parse(v.deliveryFrom), {
    path: ['deliveryTo'],
    message: 'The delivery window must end on or after its start',
  });
export type RfqCreate = z.output<typeof rfqCreateSchema>;
export type RfqCreateInput = z.input<typeof rfqCreateSchema>;

export const offerCreateSchema = z.strictObject({
  pricePerKg: z
    .string({ error: 'Price per kg is required' })
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, {
      message: 'Price per kg must be a number with at most 2 decimals',
      abort: true,
    })
    .refine((v) => dec(v).gt(0), 'Price per kg must be greater than 0')
    .refine((v) => dec(v).lte('999999.99'), 'Price per kg must be at most 999,999.99'),
  availability: z.enum(AVAILABILITIES, {
    error: `Availability must be one of: ${AVAILABILITIES.join(', ')}`,
  }),
  validUntil: dateField('Valid until'),
});
export type OfferCreate = z.infer<typeof offerCreateSchema>;

export const offerSchema = z.object({
  id: z.string().uuid(),
  rfqId: z.string().uuid(),
  traderId: z.string().uuid(),
  supplierName: z.string(),
  pricePerKg: decimalString,
  availability: z.enum(AVAILABILITIES),
  validUntil: isoDate,
  /** quantity of the request × this price. */
  totalAmount: decimalString,
  status: z.enum(OFFER_STATUSES),
  createdAt: isoDate,
});
export type Offer = z.infer<typeof offerSchema>;

export const rfqSchema = z.object({
  id: z.string().uuid(),
  buyerId: z.string().uuid(),
  buyerName: z.string(),
  traderId: z.string().uuid().nullable(),
  supplierName: z.string().nullable(),
  quantity: decimalString,
  unit: z.enum(QUANTITY_UNITS),
  deliveryFrom: isoDate,
  deliveryTo: isoDate,
  destinationPort: z.string(),
  certifications: z.array(z.enum(CERTIFICATIONS)),
  note: z.string().nullable(),
  status: z.enum(RFQ_STATUSES),
  createdAt: isoDate,
  /** The buyer sees every offer; a supplier only their own. */
  offers: z.array(offerSchema),
});
export type Rfq = z.infer<typeof rfqSchema>;
export const rfqListSchema = z.array(rfqSchema);

export const messageCreateSchema = z.strictObject({
  body: textField('Message', { multiline: true, error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(2000, 'Message must be at most 2000 characters'),
  /** On a request to every supplier, the buyer names the supplier they write to. */
  traderId: z.string().uuid('traderId must be a supplier id').optional(),
});
export const messageSchema = z.object({
  id: z.string().uuid(),
  senderId: z.string().uuid(),
  senderName: z.string(),
  traderId: z.string().uuid(),
  body: z.string(),
  createdAt: isoDate,
});
export type Message = z.infer<typeof messageSchema>;
export const messageListSchema = z.array(messageSchema);
export const messageQuerySchema = z.object({
  traderId: z.string().uuid('traderId must be a supplier id').optional(),
});
