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
export {
  backsCampaign,
  CAMPAIGN_LISTS,
  type CampaignListCache,
  campaignPageStatements,
  createCampaignListCache,
  getCampaign,
  invalidateCampaignLists,
  listCampaigns,
  listFilter,
} from './service.ts';
export { decideSettlement, uploadCampaignDocument } from './money.ts';
