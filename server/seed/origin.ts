// Demo Guarantees of Origin (docs/carbon.md), entered by the demo trader through the service with the
// issuing body's document and checked by the demo admin: the cargoes at sea and delivered, one open
// campaign (above the RFNBO threshold: no badge), the Kandla and Mundra listings; one certificate of
// the Paradip listing still awaits its check. The marketplace's delivered orders then cancel their
// volume in the demo buyer's name (seed/marketplace.ts), as any delivery does.
import { and, asc, eq } from 'drizzle-orm';
import {
  certificateCreateSchema,
  type CertificateCreateInput,
  type CertificateLot,
} from '../../domain/origin.ts';
import type { UserRow } from '../features/accounts/index.ts';
import { createCertificate, reviewCertificate } from '../features/origin/index.ts';
import { receiveBuffer } from '../uploads/storage.ts';
import { demoPdf } from './demo-pdf.ts';
import { campaigns } from '../db/schema/index.ts';
import type { Tx } from '../db/transaction.ts';

interface DemoCertificate {
  lot: 'trading' | 'completed' | 'active' | 'listing0' | 'listing1' | 'listing2';
  fields: CertificateCreateInput;
  approve: boolean;
}

const KANDLA = {
  issuingBody: 'CertifHy',
  plant: 'Kandla Green Hydrogen Plant 1',
  plantCountry: 'IN',
  shippingDistanceKm: '11500',
} as const;

const CERTIFICATES: DemoCertificate[] = [
  {
    lot: 'completed',
    approve: true,
    fields: {
      ...KANDLA,
      idRangeStart: 'CH-IN-2025-004001',
      idRangeEnd: 'CH-IN-2025-012333',
      productionStart: '2025-07-01',
      productionEnd: '2025-09-30',
      volumeKg: '250000',
      productionIntensity: '1.200',
    },
  },
  {
    lot: 'trading',
    approve: true,
    fields: {
      ...KANDLA,
      idRangeStart: 'CH-IN-2026-000001',
      idRangeEnd: 'CH-IN-2026-005000',
      productionStart: '2026-01-01',
      productionEnd: '2026-03-31',
      volumeKg: '150000',
      productionIntensity: '0.900',
    },
  },
  {
    lot: 'active',
    approve: true,
    fields: {
      issuingBody: 'Grexel (national GO registry)',
      idRangeStart: 'GX-IN-2026-100001',
      idRangeEnd: 'GX-IN-2026-110000',
      plant: 'Paradip Electrolysis Unit 2',
      plantCountry: 'IN',
      productionStart: '2026-04-01',
      productionEnd: '2026-06-30',
      volumeKg: '300000',
      productionIntensity: '2.000',
      shippingDistanceKm: '12800',
    },
  },
  {
    lot: 'listing0',
    approve: true,
    fields: {
      ...KANDLA,
      idRangeStart: 'CH-IN-2026-020001',
      idRangeEnd: 'CH-IN-2026-028333',
      productionStart: '2026-02-01',
      productionEnd: '2026-04-30',
      volumeKg: '100000',
      productionIntensity: '1.200',
    },
  },
  {
    lot: 'listing1',
    approve: true,
    fields: {
      issuingBody: 'CertifHy',
      idRangeStart: 'CH-IN-2026-040001',
      idRangeEnd: 'CH-IN-2026-045000',
      plant: 'Mundra Solar Hydrogen Park',
      plantCountry: 'IN',
      productionStart: '2026-01-15',
      productionEnd: '2026-03-15',
      volumeKg: '150000',
      productionIntensity: '0.500',
      shippingDistanceKm: '11200',
    },
  },
  {
    lot: 'listing2',
    approve: false,
    fields: {
      issuingBody: 'CertifHy',
      idRangeStart: 'CH-IN-2026-060001',
      idRangeEnd: 'CH-IN-2026-070000',
      plant: 'Paradip Electrolysis Unit 2',
      plantCountry: 'IN',
      productionStart: '2026-05-01',
      productionEnd: '2026-07-31',
      volumeKg: '300000',
      productionIntensity: '1.100',
      shippingDistanceKm: '12800',
    },
  },
];

export async function seedCertificates(
  db: Tx,
  trader: UserRow,
  admin: UserRow,
  listingIds: string[],
  now: Date,
): Promise<void> {
  const campaignOf = async (status: 'trading' | 'completed' | 'active') => {
    const [row] = await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.traderId, trader.id), eq(campaigns.status, status)))
      .orderBy(asc(campaigns.createdAt))
      .limit(1);
    return row?.id;
  };
  for (const c of CERTIFICATES) {
    const campaignId = c.lot.startsWith('listing') ? undefined : await campaignOf(c.lot as 'trading');
    const listingId = c.lot.startsWith('listing') ? listingIds[Number(c.lot.slice(-1))] : undefined;
    const lot: CertificateLot | undefined = campaignId
      ? { campaignId }
      : listingId
        ? { listingId }
        : undefined;
    if (!lot) continue;
    const title = `Guarantee of Origin ${c.fields.idRangeStart} to ${c.fields.idRangeEnd}`;
    const file = await receiveBuffer(db, trader.id, 'file', 'guarantee-of-origin.pdf', demoPdf(title));
    const created = await createCertificate(
      db,
      trader,
      lot,
      certificateCreateSchema.parse(c.fields),
      file,
      now,
    );
    if (c.approve)
      await reviewCertificate(db, admin, created.id, { decision: 'approve' }, now, async () => {});
  }
}
