// Market listings (spec §3 market listing, §4 listing availability): what a supplier (a trader
// company) offers buyers, the wire shapes of the listing calls and the browse view of /buyer/offers
// kept in the URL. A listing's `reserved` quantity is held by its open orders, so it is never oversold.
import { z } from 'zod';
import { pagingParams } from './paging.ts';
import { decimalField, NUMERIC_MAX } from './decimal-schema.ts';
import { dec, toFixed, type DecimalInput, type QuantityUnit } from './money.ts';
import { textField } from './text.ts';
import { displayName } from './users.ts';

export const AVAILABILITIES = ['immediate', '1-2-weeks', '3-4-weeks'] as const;
export type Availability = (typeof AVAILABILITIES)[number];
/** Spec §4 listing availability, verbatim. */
export const AVAILABILITY_LABELS: Record<Availability, string> = {
  immediate: 'Immediate',
  '1-2-weeks': '1-2 weeks',
  '3-4-weeks': '3-4 weeks',
};

export const CERTIFICATIONS = ['guarantee_of_origin', 'rfnbo', 'iscc_plus'] as const;
export type Certification = (typeof CERTIFICATIONS)[number];
export const CERTIFICATION_LABELS: Record<Certification, string> = {
  guarantee_of_origin: 'Guarantee of Origin',
  rfnbo: 'RFNBO',
  iscc_plus: 'ISCC PLUS',
};
/** Spec §9: at most 2 certifications on a listing's preview. */
export const CERTIFICATION_PREVIEW = 2;

export const QUANTITY_UNITS = ['tonnes', 'kg'] as const satisfies readonly QuantityUnit[];
export const UNIT_LABELS: Record<QuantityUnit, string> = { tonnes: 'tonnes', kg: 'kg' };

export const LISTING_STATUSES = ['active', 'withdrawn'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** Quantities of listings and orders: numeric(12,2) in the listing's unit. */
export const QUANTITY_MAX = '9999999999.99';

/** Still to be ordered: quantity − reserved (never negative). */
export function availableQuantity(listing: { quantity: DecimalInput; reserved: DecimalInput }) {
  const rest = dec(listing.quantity).minus(listing.reserved);
  return rest.lt(0) ? dec('0') : rest;
}

/** What orders hold of a listing whose wire shape gives what is left: quantity − available. */
export function reservedQuantity(listing: { quantity: DecimalInput; available: DecimalInput }): string {
  return toFixed(dec(listing.quantity).minus(listing.available));
}

/** An order quantity as typed: digits with at most 2 decimals, above zero. */
export function isOrderQuantity(typed: string): boolean {
  return /^\d+(\.\d{1,2})?$/.test(typed) && dec(typed).gt(0);
}

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

const certificationList = z
  .array(z.enum(CERTIFICATIONS, { error: `certifications must be among: ${CERTIFICATIONS.join(', ')}` }))
  .max(CERTIFICATIONS.length)
  .refine((v) => new Set(v).size === v.length, 'certifications must not repeat');

/** `POST /api/listings`: the trader's offer. Minimum order ≤ quantity is checked with the rest. */
export const listingCreateSchema = z
  .strictObject({
    location: textField('Location', { error: 'Location is required' })
      .trim()
      .min(2, 'Location is required')
      .max(120, 'Location must be at most 120 characters'),
    availability: z.enum(AVAILABILITIES, {
      error: `Availability must be one of: ${AVAILABILITIES.join(', ')}`,
    }),
    quantity: decimalField('Quantity', { max: QUANTITY_MAX }),
    unit: z.enum(QUANTITY_UNITS, { error: 'Unit must be tonnes or kg' }),
    pricePerKg: decimalField('Price per kg', { max: NUMERIC_MAX.price }),
    minOrder: decimalField('Minimum order', { max: QUANTITY_MAX }),
    certifications: certificationList.default([]),
    /** One of the trader's own trading campaigns whose cargo this sells (optional). */
    campaignId: z.string().uuid('campaignId must be a campaign id').nullable().optional(),
  })
  .refine((v) => dec(v.minOrder).lte(v.quantity), {
    path: ['minOrder'],
    message: 'Minimum order cannot exceed the quantity',
  });
export type ListingCreate = z.output<typeof listingCreateSchema>;
export type ListingCreateInput = z.input<typeof listingCreateSchema>;

/** `PATCH /api/listings/:id`: any field; the quantity never below what open orders hold. */
export const listingPatchSchema = z
  .strictObject({
    location: listingCreateSchema.shape.location.optional(),
    availability: listingCreateSchema.shape.availability.optional(),
    quantity: decimalField('Quantity', { max: QUANTITY_MAX }).optional(),
    pricePerKg: decimalField('Price per kg', { max: NUMERIC_MAX.price }).optional(),
    minOrder: decimalField('Minimum order', { max: QUANTITY_MAX }).optional(),
    certifications: certificationList.optional(),
    campaignId: z.string().uuid('campaignId must be a campaign id').nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type ListingPatch = z.output<typeof listingPatchSchema>;

export const listingSchema = z.object({
  id: z.string().uuid(),
  traderId: z.string().uuid(),
  supplierName: z.string(),
  /** Mean rating of the supplier's delivered orders (1 decimal); null: "New supplier" or not rated yet. */
  supplierRating: decimalString.nullable(),
  /** Delivered orders of the supplier: 0 reads "New supplier". */
  supplierDelivered: z.number().int(),
  location: z.string(),
  availability: z.enum(AVAILABILITIES),
  quantity: decimalString,
  unit: z.enum(QUANTITY_UNITS),
  /** Still available: quantity − what open orders hold. */
  available: decimalString,
  pricePerKg: decimalString,
  minOrder: decimalString,
  certifications: z.array(z.enum(CERTIFICATIONS)),
  campaignId: z.string().uuid().nullable(),
  campaignTitle: z.string().nullable(),
  status: z.enum(LISTING_STATUSES),
  createdAt: z.string().datetime(),
  /**
   * kg CO₂e per kg H₂ delivered (docs/carbon.md, fixed contract): the highest of the listing's approved
   * Guarantees of Origin, else its campaign's; null when unknown.
   */
  carbonIntensity: decimalString.nullable(),
});
export type Listing = z.infer<typeof listingSchema>;
export const listingListSchema = z.array(listingSchema);

/** GET /api/market/stats: what the buyer dashboard compares its average price with. */
export const marketStatsSchema = z.object({
  listings: z.number().int(),
  averagePricePerKg: decimalString.nullable(),
});
export type MarketStats = z.infer<typeof marketStatsSchema>;

// ---- browsing (/buyer/offers, GET /api/listings) ----------------------------------------------

export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc', 'quantity', 'rating'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const LISTING_SORT_LABELS: Record<ListingSort, string> = {
  newest: 'Newest',
  price_asc: 'Lowest price',
  price_desc: 'Highest price',
  quantity: 'Most available',
  rating: 'Best rated supplier',
};
export const LISTING_PAGE_SIZE = { default: 12, max: 100 } as const;

const optionalDecimal = (label: string, max: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(decimalField(label, { max, min: '0', minMessage: `${label} cannot be negative` }).optional());

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .enum([...values, 'all', ''] as unknown as readonly [T[number] | 'all' | '', ...string[]], {
      error: `${label} must be one of: all, ${values.join(', ')}`,
    })
    .optional()
    .transform((v) => (v === 'all' || v === '' ? undefined : (v as T[number] | undefined)));

/**
 * `GET /api/listings`: active listings with something left, filtered (location text, availability,
 * certification, price range in $/kg, and `minOrder`: listings whose minimum order is at most that),
 * sorted and paged; the total is in the X-Total-Count header as on GET /api/campaigns.
 */
export const listingQuerySchema = z.object({
  location: textField('Location')
    .trim()
    .max(100, 'Location must be at most 100 characters')
    .optional()
    .transform((v) => v || undefined),
  availability: optionalEnum(AVAILABILITIES, 'availability'),
  certification: optionalEnum(CERTIFICATIONS, 'certification'),
  minPrice: optionalDecimal('Minimum price', NUMERIC_MAX.price),
  maxPrice: optionalDecimal('Maximum price', NUMERIC_MAX.price),
  minOrder: optionalDecimal('Minimum order', QUANTITY_MAX),
  traderId: z.string().uuid('traderId must be a user id').optional(),
  sort: z
    .enum(LISTING_SORTS, { error: `sort must be one of: ${LISTING_SORTS.join(', ')}` })
    .default('newest'),
  ...pagingParams(LISTING_PAGE_SIZE),
});
export type ListingQuery = z.output<typeof listingQuerySchema>;

/** The /buyer/offers view in the URL: read leniently (a bad value falls back), written without defaults. */
export interface OffersView {
  location: string;
  availability: Availability | 'all';
  certification: Certification | 'all';
  minPrice: string;
  maxPrice: string;
  minOrder: string;
  sort: ListingSort;
  page: number;
}

export const DEFAULT_OFFERS_VIEW: Readonly<OffersView> = Object.freeze({
  location: '',
  availability: 'all',
  certification: 'all',
  minPrice: '',
  maxPrice: '',
  minOrder: '',
  sort: 'newest',
  page: 1,
});

const OFFERS_KEYS = [
  'location',
  'availability',
  'certification',
  'minPrice',
  'maxPrice',
  'minOrder',
] as const;

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}
const decimalText = (v: string | null) => (v && /^\d{1,10}(\.\d{1,2})?$/.test(v.trim()) ? v.trim() : '');

export function parseOffersView(search: string | URLSearchParams): OffersView {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const page = params.get('page') ?? '';
  return {
    location: (params.get('location') ?? '').trim().slice(0, 100),
    availability: oneOf(['all', ...AVAILABILITIES], params.get('availability'), 'all'),
    certification: oneOf(['all', ...CERTIFICATIONS], params.get('certification'), 'all'),
    minPrice: decimalText(params.get('minPrice')),
    maxPrice: decimalText(params.get('maxPrice')),
    minOrder: decimalText(params.get('minOrder')),
    sort: oneOf(LISTING_SORTS, params.get('sort'), 'newest'),
    page: /^\d{1,5}$/.test(page) ? Math.max(Number(page), 1) : 1,
  };
}

/** The query string of a view (without '?'); also the list call's filters. */
export function offersSearch(view: OffersView): string {
  const params = new URLSearchParams();
  for (const key of OFFERS_KEYS) {
    const value = view[key].trim();
    if (value && value !== 'all') params.set(key, value);
  }
  if (view.sort !== DEFAULT_OFFERS_VIEW.sort) params.set('sort', view.sort);
  if (view.page > 1) params.set('page', String(view.page));
  return params.toString();
}

export function hasOffersFilters(view: OffersView): boolean {
  return OFFERS_KEYS.some((key) => view[key] !== DEFAULT_OFFERS_VIEW[key]);
}

/** "250.00 tonnes" */
export function quantityText(quantity: DecimalInput, unit: QuantityUnit): string {
  return `${toFixed(quantity)} ${UNIT_LABELS[unit]}`;
}

/** A supplier's or buyer's name as the marketplace shows it: the company, else the person. */
export function companyName(user: {
  companyName: string | null;
  firstName: string | null;
  username: string;
}) {
  return user.companyName?.trim() || displayName(user);
}
