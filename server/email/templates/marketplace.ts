// Marketplace: order steps, requests for quotes and offers. Part of the one template catalogue
// (server/email/templates.ts).
import { usdText } from '../../../domain/money.ts';
import { define, link, market } from '../layout.ts';

export const MARKETPLACE_TEMPLATES = {
  'order-step': define<{
    name: string;
    orderId: string;
    total: string;
    /** The step as the subject says it: "placed and paid", "shipped", "received"… */
    label: string;
    /** Where this side follows the order. */
    side: 'buyer' | 'trader';
  }>({
    about:
      'An order moved a step (paid, accepted, shipped, delivered, received, cancelled): to buyer and supplier.',
    sample: {
      name: 'Grace',
      orderId: '00000000-0000-4000-8000-0000000000aa',
      total: '18400.00',
      label: 'shipped',
      side: 'buyer',
    },
    body: (d, site) =>
      market(d.name, `Order ${d.orderId.slice(0, 8)} ${d.label}`, [
        `Order ${d.orderId} (${usdText(d.total)}) is now ${d.label}.`,
        [
          'Follow it at ',
          link(`${site.publicUrl}${d.side === 'buyer' ? '/buyer/tracking' : '/trader/marketplace'}`),
        ],
      ]),
  }),
  'rfq-new': define<{ name: string }>({
    about: 'To suppliers: a buyer asks for a quote.',
    sample: { name: 'Grace' },
    body: (d, site) =>
      market(d.name, 'New request for quote', [
        [
          'A buyer asks for a quote for green hydrogen. Answer it from your workspace: ',
          link(`${site.publicUrl}/trader/marketplace`),
        ],
      ]),
  }),
  'offer-new': define<{ name: string }>({
    about: 'To the buyer: a supplier answered their request for quote.',
    sample: { name: 'Ada' },
    body: (d, site) =>
      market(d.name, 'New offer on your request for quote', [
        [
          'A supplier answered your request for quote with an offer. Review it at ',
          link(`${site.publicUrl}/buyer/offers`),
        ],
      ]),
  }),
} as const;
