// The campaigns feature's public entry for other features: a campaign's reads and the refresh of every
// campaign view after a write (admin, investing), the browse grid and filters (the landing page), the
// KIIS sheet (the investment modal), the shipment timeline (the portfolio), and Invest Now, which the
// investing feature provides (InvestActionProvider) and the cards and the dashboard use.
export {
  campaignPageQuery,
  campaignQuery,
  invalidateCampaignData,
  useCampaign,
  useCampaignPage,
} from './api/campaigns.ts';
export { kiisQuery, useKiis } from './api/kiis.ts';
export { CampaignFilterFields, type CampaignFilterValues } from './components/CampaignFilterFields.tsx';
export { CampaignGrid } from './components/CampaignGrid.tsx';
export { KiisSheet } from './components/KiisSheet.tsx';
export { MilestoneTimeline } from './components/ShipmentTimeline.tsx';
export { InvestActionProvider, useInvestAction, type InvestAction } from './use-invest-action.ts';
