// The campaign calls (spec §7; lifecycle, due diligence, releases and settlement) as both sides see
// them (docs/api.md "Types for the client"). Types only from the schema modules: the client's first
// chunk imports this file and must not load the schema library.
import { endpoint } from '../endpoint.ts';
import type * as C from '../campaign-schemas.ts';
import type * as D from '../diligence.ts';
import type { kiisSchema } from '../kiis.ts';
import type * as L from '../lifecycle.ts';
import type * as M from '../money-out.ts';
import type * as P from '../portfolio.ts';
import type * as S from '../statements.ts';
import type { noBodySchema } from '../api.ts';

export const CAMPAIGN_API = {
  /** One page of the list; the total over all pages in the X-Total-Count header. */
  list: endpoint('GET', '/api/campaigns')
    .query<typeof C.campaignListQuerySchema>()
    .answers<typeof C.campaignListSchema>(),
  detail: endpoint('GET', '/api/campaigns/:id').answers<typeof C.campaignDetailSchema>(),
  kiis: endpoint('GET', '/api/campaigns/:id/kiis').answers<typeof kiisSchema>(),
  create: endpoint('POST', '/api/campaigns')
    .takes<typeof C.campaignCreateSchema>()
    .answers<typeof C.campaignSchema>(),
  update: endpoint('PATCH', '/api/campaigns/:id')
    .takes<typeof C.campaignPatchSchema>()
    .answers<typeof C.campaignSchema>(),
  traderStats: endpoint('GET', '/api/trader/stats/:traderId').answers<typeof C.traderStatsSchema>(),
  review: endpoint('POST', '/api/admin/campaigns/:id/review')
    .takes<typeof D.campaignReviewDecisionSchema>()
    .answers<typeof C.campaignDetailSchema>(),
  reviewQueue: endpoint('GET', '/api/admin/campaign-reviews').answers<typeof D.reviewQueueSchema>(),
  resubmit: endpoint('POST', '/api/campaigns/:id/resubmit')
    .takes<typeof noBodySchema>()
    .answers<typeof C.campaignDetailSchema>(),
  transition: endpoint('POST', '/api/campaigns/:id/transitions')
    .takes<typeof L.transitionSchema>()
    .answers<typeof C.campaignSchema>(),
  milestones: endpoint('GET', '/api/campaigns/:id/milestones').answers<typeof L.milestoneListSchema>(),
  recordMilestone: endpoint('POST', '/api/campaigns/:id/milestones')
    .takes<typeof L.milestoneCreateSchema>()
    .answers<typeof L.milestoneSchema>(),
  investors: endpoint('GET', '/api/campaigns/:id/investors').answers<typeof L.campaignInvestorListSchema>(),
  documents: endpoint('GET', '/api/campaigns/:id/documents').answers<typeof M.campaignDocumentListSchema>(),
  fileReleaseEvidence: endpoint('POST', '/api/campaigns/:id/releases/:releaseId/evidence')
    .takes<typeof M.releaseEvidenceSchema>()
    .answers<typeof C.campaignDetailSchema>(),
  decideSettlement: endpoint('POST', '/api/admin/campaigns/:id/settlement')
    .takes<typeof M.settlementReviewSchema>()
    .answers<typeof C.campaignDetailSchema>(),
  markBankTransfer: endpoint('POST', '/api/admin/campaigns/:id/settlement/bank-transfer')
    .takes<typeof noBodySchema>()
    .answers<typeof C.campaignDetailSchema>(),
  decideRelease: endpoint('POST', '/api/admin/campaigns/:id/releases/:releaseId')
    .takes<typeof M.releaseReviewSchema>()
    .answers<typeof C.campaignDetailSchema>(),
  adminMoney: endpoint('GET', '/api/admin/money').answers<typeof M.adminMoneySchema>(),
};

/** The investor's side of a campaign's life: portfolio and statements. */
export const PORTFOLIO_API = {
  portfolio: endpoint('GET', '/api/portfolio')
    .query<typeof S.investorQuerySchema>()
    .answers<typeof P.portfolioSchema>(),
  statement: endpoint('GET', '/api/statements')
    .query<typeof S.statementListQuerySchema>()
    .answers<typeof S.statementSchema>(),
};
