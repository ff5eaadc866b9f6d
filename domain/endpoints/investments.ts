// The investor's calls about their investments as both sides see them (docs/api.md "Types for the
// client"). Types only from the schema modules.
import { endpoint } from '../endpoint.ts';
import type { revokeResultSchema } from '../diligence.ts';
import type { noBodySchema } from '../api.ts';

export const INVESTMENT_API = {
  /** Within the reflection period (fixed contract): refunded, or the refund on its way. */
  revoke: endpoint('POST', '/api/investments/:id/revoke')
    .takes<typeof noBodySchema>()
    .answers<typeof revokeResultSchema>(),
};
