// Followed campaigns and saved searches (docs/updates.md) as both sides see them (docs/api.md
// "Types for the client"). Types only from the schema modules.
import { endpoint } from '../endpoint.ts';
import type * as F from '../follows.ts';
import type { noBodySchema } from '../api.ts';

export const FOLLOWS_API = {
  follow: endpoint('POST', '/api/campaigns/:id/follow')
    .takes<typeof noBodySchema>()
    .answers<typeof F.followStateSchema>(),
  unfollow: endpoint('POST', '/api/campaigns/:id/unfollow')
    .takes<typeof noBodySchema>()
    .answers<typeof F.followStateSchema>(),
  follows: endpoint('GET', '/api/follows').answers<typeof F.followListSchema>(),
  saveSearch: endpoint('POST', '/api/saved-searches')
    .takes<typeof F.savedSearchCreateSchema>()
    .answers<typeof F.savedSearchSchema>(),
  searches: endpoint('GET', '/api/saved-searches').answers<typeof F.savedSearchListSchema>(),
  removeSearch: endpoint('POST', '/api/saved-searches/:id/remove')
    .takes<typeof noBodySchema>()
    .answers<typeof F.removedSchema>(),
};
