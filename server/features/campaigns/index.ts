// The campaigns feature's public entry: campaigns, their review and diligence, their lifecycle
// (transitions, milestones, notices and the emails they set off) and the public list cache.

// All of the feature's routes, registered by the app as one plugin.
export { default } from './routes.ts';
export { diligenceMail } from './diligence-emails.ts';
export { lifecycleMail } from './emails.ts';
export {
  type DeadlineSweepReport,
  startInvestmentRefunds,
  sweepDeadlines,
  transitionCampaign,
} from './lifecycle.ts';
export { recordMilestone } from './milestones.ts';
export { announce, LIFECYCLE_HOOKS, type LifecycleHooks } from './notices.ts';
export { backsCampaign, getCampaign } from './campaign-detail.ts';
export {
  CAMPAIGN_LISTS,
  type CampaignListCache,
  campaignPageStatements,
  createCampaignListCache,
  invalidateCampaignLists,
  listCampaigns,
  listFilter,
} from './campaign-list.ts';
export { decideSettlement, uploadCampaignDocument } from './money.ts';
