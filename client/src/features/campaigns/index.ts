// The campaigns feature's public entry for other features: one campaign's detail read (the admin
// console's reviews, the trader's settlement) and the refresh of every campaign view after a write.
export { campaignQuery, invalidateCampaignData, useCampaign } from './api/campaigns.ts';
