// The marketplace objects of a matrix cell or a fuzzed request, made through the real services: the
// trader's listing; the buyer's paid order (pending, its money held in escrow), a delivered one, one
// whose card holds the money at the sandbox but not recorded yet; the buyer's quote request to the
// trader with the trader's offer, and one not answered yet; the listing's Guarantees of Origin (one
// approved, cancelled for the delivered order; one awaiting its check).
import { eq } from 'drizzle-orm';
import { listingCreateSchema } from '../../domain/listings.ts';
import { certificateCreateSchema } from '../../domain/origin.ts';
import { rfqCreateSchema } from '../../domain/rfqs.ts';
import type { App } from '../../server/app.ts';
import { createListing } from '../../server/features/marketplace/index.ts';
import { SILENT } from '../../server/features/marketplace/index.ts';
import {
  placeOrder,
  recordOrderPayment,
  transitionOrder,
  type MarketDeps,
} from '../../server/features/marketplace/index.ts';
import { createOffer, createRfq } from '../../server/features/marketplace/index.ts';
import type { SandboxProvider } from '../../server/features/money/index.ts';
import { certificateCancellations, originCertificates } from '../../server/db/schema/index.ts';
import { storeBuffer } from '../../server/uploads/storage.ts';
import { FILES } from '../kyc.ts';
import { listingBody } from '../marketplace.ts';
import { certificateFields } from '../origin.ts';
import type { Session } from './call.ts';

export interface MarketWorld {
  listingId: string;
  /** Paid, pending: the buyer's. */
  orderId: string;
  /** Delivered, escrow held: receipt and rating act on it. */
  deliveredId: string;
  /** Held on the card at the sandbox, not recorded yet: the payment call records it. */
  unpaid: { orderId: string; paymentIntentId: string };
  rfqId: string;
  offerId: string;
  /** The buyer's request to the trader that the trader has not answered. */
  openRfqId: string;
  /** The trader's Guarantee of Origin for the listing awaiting an admin's check. */
  pendingCertificateId: string;
  /** The public verification code of the delivered order's cancellation (an approved certificate's). */
  verificationCode: string;
}

const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function marketWorld(app: App, trader: Session, buyer: Session): Promise<MarketWorld> {
  const deps: MarketDeps = { ...app.market, notify: SILENT };
  const sandbox = app.payments as SandboxProvider;
  const now = new Date();
  const listing = await createListing(app.db, trader.user, listingCreateSchema.parse(listingBody()), now);
  // Its Guarantees of Origin: one approved (the delivery below cancels from it), one awaiting its check.
  const certificate = async (status: 'approved' | 'pending') => {
    const [row] = await app.db
      .insert(originCertificates)
      .values({
        ...certificateCreateSchema.parse(certificateFields()),
        listingId: listing.id,
        traderId: trader.user.id,
        shippingDistanceKm: 11500,
        carbonIntensity: '3.248',
        fileId: await storeBuffer(app.db, trader.user.id, 'application/pdf', FILES.pdf()),
        status,
      })
      .returning({ id: originCertificates.id });
    return row!.id;
  };
  await certificate('approved');
  const pendingCertificateId = await certificate('pending');
  const open = () => placeOrder(deps, buyer.user, { listingId: listing.id, quantity: '10' }, now);
  // The card step only (a hold at the sandbox); `record` then places the order, as the browser's call does.
  const pay = (placed: Awaited<ReturnType<typeof open>>) =>
    sandbox.confirm(
      placed.paymentIntentId,
      { clientSecret: placed.clientSecret, card },
      { payerId: buyer.user.id },
    );
  const record = (placed: Awaited<ReturnType<typeof open>>) =>
    recordOrderPayment(deps, buyer.user, placed.order.id, placed.paymentIntentId);
  const order = await open();
  await pay(order);
  await record(order);
  const delivered = await open();
  await pay(delivered);
  await record(delivered);
  await transitionOrder(deps, trader.user, delivered.order.id, { to: 'confirmed' }, now);
  await transitionOrder(
    deps,
    trader.user,
    delivered.order.id,
    { to: 'shipped', expectedDeliveryDate: day(5) },
    now,
  );
  await transitionOrder(deps, trader.user, delivered.order.id, { to: 'delivered' }, now);
  const unpaid = await open();
  await pay(unpaid);

  const request = (traderId: string) =>
    rfqCreateSchema.parse({
      traderId,
      quantity: '50',
      unit: 'tonnes',
      deliveryFrom: day(20),
      deliveryTo: day(40),
      destinationPort: 'Rotterdam',
      certifications: ['rfnbo'],
    });
  const rfq = await createRfq(deps, buyer.user, request(trader.user.id), now);
  const offer = await createOffer(
    deps,
    trader.user,
    rfq.id,
    { pricePerKg: '5.40', availability: '1-2-weeks', validUntil: day(10) },
    now,
  );
  const openRfq = await createRfq(deps, buyer.user, request(trader.user.id), now);
  const [cancellation] = await app.db
    .select({ code: certificateCancellations.code })
    .from(certificateCancellations)
    .where(eq(certificateCancellations.orderId, delivered.order.id));
  return {
    listingId: listing.id,
    orderId: order.order.id,
    deliveredId: delivered.order.id,
    unpaid: { orderId: unpaid.order.id, paymentIntentId: unpaid.paymentIntentId },
    rfqId: rfq.id,
    offerId: offer.id,
    openRfqId: openRfq.id,
    pendingCertificateId,
    verificationCode: cancellation!.code,
  };
}
