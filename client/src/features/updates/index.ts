// What other features show of campaign updates and questions (docs/updates.md): the campaign page's
// two sections and the investor's recent updates on /portfolio.
export { CampaignUpdates } from './components/CampaignUpdates.tsx';
export { CampaignQuestions } from './components/CampaignQuestions.tsx';
export { RecentUpdates } from './components/RecentUpdates.tsx';
export { FollowButton, FollowingCard, SaveSearchButton } from './components/Following.tsx';
