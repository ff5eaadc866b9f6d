// Test kit for the due-diligence review (issue 19, docs/campaigns.md): a campaign created through the
// API is pending until its trader files the supply contract, the offtake contract and the latest
// financials and an admin approves it. Suites that invest in API-made campaigns approve them first.
//
//   const created = await trader.post('/api/campaigns', campaignBody());
//   await approveCampaign(app, trader, created.json());
import { expect } from 'vitest';
import { DILIGENCE_DOCUMENT_KINDS, type DiligenceDocumentKind } from '../domain/diligence.ts';
import type { App } from '../server/app.ts';
import { SESSION_COOKIE } from '../server/features/accounts/index.ts';
import { signedInAs, signInAgainIfTimedOut, type Actor } from './actor.ts';
import { FILES, multipart } from './kyc.ts';

/** POST /api/campaigns/:id/documents of one due-diligence kind (a one-page PDF), as the trader's form sends it. */
export async function fileDiligenceDocument(
  app: App,
  trader: Pick<Actor, 'token'>,
  campaign: { id: string },
  kind: DiligenceDocumentKind,
) {
  const { body, contentType } = multipart([
    { name: 'kind', content: kind },
    { name: 'file', filename: `${kind}.pdf`, contentType: 'application/pdf', content: FILES.pdf() },
  ]);
  // Like every actor's call (callsAs): a session the app clock carried past its end starts afresh.
  await signInAgainIfTimedOut(app, trader.token);
  return app.inject({
    method: 'POST',
    url: `/api/campaigns/${campaign.id}/documents`,
    headers: { 'content-type': contentType, cookie: `${SESSION_COOKIE}=${trader.token}` },
    payload: body,
  });
}

/** The three documents the review needs, each filed (201). */
export async function fileDiligenceDocuments(
  app: App,
  trader: Pick<Actor, 'token'>,
  campaign: { id: string },
) {
  for (const kind of DILIGENCE_DOCUMENT_KINDS) {
    const res = await fileDiligenceDocument(app, trader, campaign, kind);
    expect(res.statusCode, res.body).toBe(201);
  }
}

export const reviewOf = (admin: Actor, campaign: { id: string }, body: Record<string, unknown>) =>
  admin.post(`/api/admin/campaigns/${campaign.id}/review`, body);

/**
 * The trader files the three documents and an admin (a new one unless given) approves the campaign:
 * from then on investors see it and may invest.
 */
export async function approveCampaign(
  app: App,
  trader: Pick<Actor, 'token'>,
  campaign: { id: string },
  admin?: Actor,
): Promise<void> {
  await fileDiligenceDocuments(app, trader, campaign);
  const reviewer = admin ?? (await signedInAs(app, 'admin'));
  const res = await reviewOf(reviewer, campaign, { decision: 'approve' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json<{ review: { status: string } }>().review).toEqual({ status: 'approved' });
}
