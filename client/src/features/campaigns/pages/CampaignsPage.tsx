import { Page } from '@/components/layouts/page.tsx';
import { useCampaignPage } from '../api/campaigns.ts';
import { CampaignGrid } from '../components/CampaignGrid.tsx';

/** All Campaigns: every listed campaign, newest first. */
export default function CampaignsPage() {
  const page = useCampaignPage();
  const campaigns = { ...page, data: page.data?.campaigns };
  return (
    <Page
      title="All Campaigns"
      lead="Every green hydrogen trade on HydroBridge: open for funding, funded, at sea and completed."
    >
      <CampaignGrid campaigns={campaigns.data} isPending={campaigns.isPending} error={campaigns.error} />
    </Page>
  );
}
