// Campaign updates and questions (docs/updates.md) as both sides see them (docs/api.md "Types for the
// client"). Types only from the schema modules. Attaching files is multipart (the browser's FormData):
// its endpoint types the answer, the client sends the form itself; a file is read by its URL.
import { endpoint } from '../endpoint.ts';
import type * as U from '../updates.ts';
import type { noBodySchema } from '../api.ts';

export const UPDATES_API = {
  post: endpoint('POST', '/api/campaigns/:id/updates')
    .takes<typeof U.updateCreateSchema>()
    .answers<typeof U.createdSchema>(),
  list: endpoint('GET', '/api/campaigns/:id/updates').answers<typeof U.campaignUpdateListSchema>(),
  attach: endpoint('POST', '/api/campaigns/:id/updates/:updateId/files')
    .takes<typeof noBodySchema>()
    .answers<typeof U.campaignUpdateSchema>(),
  recent: endpoint('GET', '/api/portfolio/updates').answers<typeof U.recentUpdateListSchema>(),
  ask: endpoint('POST', '/api/campaigns/:id/questions')
    .takes<typeof U.questionCreateSchema>()
    .answers<typeof U.createdSchema>(),
  questions: endpoint('GET', '/api/campaigns/:id/questions').answers<typeof U.questionListSchema>(),
  answer: endpoint('POST', '/api/campaigns/:id/questions/:questionId/answer')
    .takes<typeof U.answerCreateSchema>()
    .answers<typeof U.answeredSchema>(),
  hide: endpoint('POST', '/api/admin/questions/:id/hide')
    .takes<typeof U.hideSchema>()
    .answers<typeof U.hiddenSchema>(),
};
