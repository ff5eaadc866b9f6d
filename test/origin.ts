// Test kit for Guarantees of Origin (docs/carbon.md): a certificate entered as the trader's form sends
// it (multipart, with the issuing body's PDF), and approved by an admin.
import { expect } from 'vitest';
import type { Certificate, CertificateCreateInput, CertificateLot } from '../domain/origin.ts';
import type { App } from '../server/app.ts';
import { SESSION_COOKIE } from '../server/features/accounts/index.ts';
import { FILES, multipart, type Part } from './kyc.ts';

/** The text fields of a certificate: 100 t of hydrogen from Kandla, 1.200 kg CO₂e/kg, 11,500 km. */
export function certificateFields(overrides: Partial<CertificateCreateInput> = {}): Record<string, string> {
  const fields: Partial<CertificateCreateInput> = {
    issuingBody: 'CertifHy',
    idRangeStart: 'CH-IN-2026-000001',
    idRangeEnd: 'CH-IN-2026-003333',
    plant: 'Kandla Green Hydrogen Plant 1',
    plantCountry: 'IN',
    productionStart: '2026-01-01',
    productionEnd: '2026-03-31',
    volumeKg: '100000',
    productionIntensity: '1.200',
    shippingDistanceKm: '11500',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
}

/** The multipart body of POST /api/certificates: the fields and (unless `file: null`) a PDF. */
export function certificateBody(
  fields: Record<string, string>,
  file: Buffer | null = FILES.pdf(),
): { body: Buffer; contentType: string } {
  const parts: Part[] = Object.entries(fields).map(([name, content]) => ({ name, content }));
  if (file) parts.push({ name: 'file', filename: 'go.pdf', contentType: 'application/pdf', content: file });
  return multipart(parts);
}

/** Where a lot's certificates are entered. */
export const certificatesUrl = (lot: CertificateLot) =>
  'campaignId' in lot
    ? `/api/campaigns/${lot.campaignId}/certificates`
    : `/api/listings/${lot.listingId}/certificates`;

/** POST …/certificates as `token`'s user; the answer for the test to check. */
export function postCertificate(
  app: App,
  token: string | null,
  lot: CertificateLot,
  fields: Record<string, string> = certificateFields(),
  file?: Buffer | null,
) {
  const { body, contentType } = certificateBody(fields, file);
  return app.inject({
    method: 'POST',
    url: certificatesUrl(lot),
    headers: { 'content-type': contentType, ...(token && { cookie: `${SESSION_COOKIE}=${token}` }) },
    payload: body,
  });
}

/** A certificate the trader enters (must be created: 201) and, unless told, an admin approves. */
export async function certificateFor(
  app: App,
  trader: { token: string },
  admin: {
    post(
      url: string,
      body?: Record<string, unknown>,
    ): Promise<{ statusCode: number; body: string; json<T>(): T }>;
  } | null,
  lot: CertificateLot,
  overrides: Partial<CertificateCreateInput> = {},
): Promise<Certificate> {
  const res = await postCertificate(app, trader.token, lot, certificateFields(overrides));
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<Certificate>();
  if (!admin) return created;
  const approved = await admin.post(`/api/admin/certificates/${created.id}/review`, { decision: 'approve' });
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json<Certificate>();
}
