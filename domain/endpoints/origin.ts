// The Guarantee of Origin calls (docs/carbon.md) as both sides see them (docs/api.md "Types for the
// client"). Types only from the schema modules. Entering a certificate is multipart (the browser's
// FormData): its endpoints type the answer, the client sends the form itself.
import { endpoint } from '../endpoint.ts';
import type * as G from '../origin.ts';
import type { noBodySchema } from '../api.ts';

export const ORIGIN_API = {
  certificates: endpoint('GET', '/api/certificates')
    .query<typeof G.certificateListQuerySchema>()
    .answers<typeof G.certificateListSchema>(),
  enterForCampaign: endpoint('POST', '/api/campaigns/:id/certificates')
    .takes<typeof noBodySchema>()
    .answers<typeof G.certificateSchema>(),
  enterForListing: endpoint('POST', '/api/listings/:id/certificates')
    .takes<typeof noBodySchema>()
    .answers<typeof G.certificateSchema>(),
  review: endpoint('POST', '/api/admin/certificates/:id/review')
    .takes<typeof G.certificateReviewSchema>()
    .answers<typeof G.certificateSchema>(),
  statement: endpoint('GET', '/api/orders/:id/certificate').answers<typeof G.cancellationStatementSchema>(),
  verify: endpoint('GET', '/api/verify/:code').answers<typeof G.cancellationFactsSchema>(),
};
