// The campaigns feature's public entry for other features: one campaign's detail read (the admin
// console's reviews, the trader's settlement) and the refresh of every campaign view after a write.
export { campaignQuery, invalidateCampaignData, useCampaign } from './api/campaigns.ts';
// For the trader's campaign modals: the shipment, the trader's moves (trading, milestones, releases,
// the settlement), the release schedule and the investors.
export { InvestorList } from './trader/components/InvestorList.tsx';
export { LifecycleActions } from './trader/components/LifecycleActions.tsx';
export { ReleaseSchedule } from './trader/components/ReleaseSchedule.tsx';
export { ShipmentTimeline } from './components/ShipmentTimeline.tsx';
