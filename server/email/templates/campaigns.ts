// Campaigns: the investors' lifecycle notices, updates, answers, reminders and the trader's
// reviews. Part of the one template catalogue (server/email/templates.ts).
import { dec, usdText, ZERO } from '../../../domain/money.ts';
import { define, link, account, investorFooter, type Named, type CampaignNotice } from '../layout.ts';

export const CAMPAIGN_TEMPLATES = {
  'campaign-funded': define<CampaignNotice>({
    about: 'A campaign the investor backed reached its target (optional: campaign_funded).',
    sample: { name: 'Ada', title: 'Rotterdam <electrolyser> & storage', amount: '2500.00' },
    body: (d, site) =>
      account(d.name, `${d.title} is fully funded`, [
        `${d.title} reached its target. Your ${usdText(d.amount)} stays in escrow until the trader starts the shipment; then it goes to the trade as the campaign's release schedule says.`,
        ...investorFooter(site),
      ]),
  }),
  'campaign-refunded': define<CampaignNotice>({
    about:
      'A campaign the investor backed was cancelled: the investment is refunded (optional: campaign_refunded).',
    sample: { name: 'Ada', title: 'Rotterdam electrolyser', amount: '2500.00' },
    body: (d, site) =>
      account(d.name, `${d.title}: your investment is refunded`, [
        `${d.title} was cancelled. Your ${usdText(d.amount)} is refunded in full to the card you paid with; your bank may take a few days to show it.`,
        ...investorFooter(site),
      ]),
  }),
  'campaign-completed': define<CampaignNotice & { profit: string }>({
    about:
      'A campaign completed: the investment and its profit or loss are in the balance (optional: campaign_completed).',
    sample: { name: 'Ada', title: 'Rotterdam electrolyser', amount: '2500.00', profit: '212.50' },
    body: (d, site) => {
      const profit = dec(d.profit);
      const total = usdText(dec(d.amount).plus(profit));
      return account(d.name, `${d.title} completed: ${total} paid to your balance`, [
        `${d.title} completed: the trader paid the settlement in. ${total} is now in your HydroBridge balance: your ${usdText(d.amount)} back ${
          profit.gte(ZERO) ? `plus ${usdText(profit)} profit` : `less ${usdText(profit.abs())} loss`
        }, after the platform fee.`,
        'Reinvest it in another campaign, or withdraw it to your bank account from your portfolio.',
        ...investorFooter(site),
      ]);
    },
  }),
  'campaign-defaulted': define<CampaignNotice>({
    about: 'The trader did not pay the settlement within 14 days: the campaign is in default (always sent).',
    sample: { name: 'Ada', title: 'Rotterdam electrolyser', amount: '2500.00' },
    body: (d, site) =>
      account(d.name, `${d.title}: the trader has not paid the settlement`, [
        `The settlement of ${d.title} was due 14 days ago and the trader has not paid it in. The campaign is now in default.`,
        `Your ${usdText(d.amount)} is at stake. HydroBridge is pursuing the trader for payment and will tell you of every step; what is recovered is distributed to your balance.`,
        ...investorFooter(site),
      ]),
  }),
  'campaign-update': define<
    Named & { campaignId: string; title: string; updateTitle: string; excerpt: string; backersOnly: boolean }
  >({
    about: 'The trader of a campaign the investor backs posted an update (features/updates).',
    sample: {
      name: 'Ada',
      campaignId: '00000000-0000-4000-8000-000000000000',
      title: 'Rotterdam electrolyser',
      updateTitle: 'Loaded at Kandla',
      excerpt: 'The cargo was loaded on 3 March and sails tomorrow.',
      backersOnly: true,
    },
    body: (d, site) =>
      account(d.name, `${d.title}: ${d.updateTitle}`, [
        `The trader of ${d.title} posted an update${d.backersOnly ? ' for its backers' : ''}: ${d.updateTitle}`,
        '',
        d.excerpt,
        '',
        ['Read it on the campaign page: ', link(`${site.publicUrl}/campaigns/${d.campaignId}`)],
        '',
        ['Your portfolio: ', link(`${site.publicUrl}/portfolio`)],
      ]),
  }),
  'question-answered': define<
    Named & { campaignId: string; title: string; question: string; answer: string }
  >({
    about: 'The trader answered a question the user asked on a campaign page (features/updates).',
    sample: {
      name: 'Ada',
      campaignId: '00000000-0000-4000-8000-000000000000',
      title: 'Rotterdam electrolyser',
      question: 'Who insures the cargo?',
      answer: 'Marine cargo insurance by the shipper, the policy is in the documents.',
    },
    body: (d, site) =>
      account(d.name, `${d.title}: your question was answered`, [
        `The trader of ${d.title} answered your question.`,
        '',
        `You asked: ${d.question}`,
        `The answer: ${d.answer}`,
        '',
        ['See it on the campaign page: ', link(`${site.publicUrl}/campaigns/${d.campaignId}`)],
      ]),
  }),
  'campaign-deadline-near': define<Named & { campaignId: string; title: string; deadline: string }>({
    about: 'A campaign the investor follows closes for funding within 48 hours (features/updates).',
    sample: {
      name: 'Ada',
      campaignId: '00000000-0000-4000-8000-000000000000',
      title: 'Rotterdam electrolyser',
      deadline: '2027-03-01T00:00:00.000Z',
    },
    body: (d, site) =>
      account(d.name, `${d.title} closes for funding soon`, [
        `${d.title}, a campaign you follow, closes for funding on ${d.deadline.slice(0, 10)} (UTC).`,
        '',
        ['See the campaign: ', link(`${site.publicUrl}/campaigns/${d.campaignId}`)],
      ]),
  }),
  'saved-search-match': define<Named & { campaignId: string; title: string; search: string; query: string }>({
    about: 'A campaign went live that matches a search the investor saved (features/updates).',
    sample: {
      name: 'Ada',
      campaignId: '00000000-0000-4000-8000-000000000000',
      title: 'Rotterdam electrolyser',
      search: 'low risk, Europe',
      query: 'risk=low&region=europe',
    },
    body: (d, site) =>
      account(d.name, `New campaign for your search: ${d.title}`, [
        `A new campaign matches your saved search (${d.search}): ${d.title}.`,
        '',
        ['See the campaign: ', link(`${site.publicUrl}/campaigns/${d.campaignId}`)],
        ['Your search: ', link(`${site.publicUrl}/campaigns${d.query ? `?${d.query}` : ''}`)],
      ]),
  }),
  'investment-revoked': define<
    Named & {
      campaignId: string;
      title: string;
      amount: string;
      raised: string;
      target: string;
      open: boolean;
    }
  >({
    about: 'To the trader: an investor revoked an investment within the reflection period.',
    sample: {
      name: 'Grace',
      campaignId: '00000000-0000-4000-8000-000000000001',
      title: 'Rotterdam electrolyser',
      amount: '500.00',
      raised: '12000.00',
      target: '50000.00',
      open: true,
    },
    body: (d, site) =>
      account(d.name, `${d.title}: an investment of ${usdText(d.amount)} was revoked`, [
        `An investor revoked their ${usdText(d.amount)} investment in ${d.title} within the four-day reflection period the law gives retail investors. It is refunded to them in full.`,
        `The campaign has now raised ${usdText(d.raised)} of ${usdText(d.target)}${
          d.open ? ', and the amount is open to other investors again' : ''
        }.`,
        '',
        ['Your campaign: ', link(`${site.publicUrl}/campaigns/${d.campaignId}`)],
      ]),
  }),
  'campaign-approved': define<Named & { campaignId: string; title: string }>({
    about: 'To the trader: the due-diligence review approved the campaign; it is listed.',
    sample: {
      name: 'Grace',
      campaignId: '00000000-0000-4000-8000-000000000001',
      title: 'Rotterdam electrolyser',
    },
    body: (d, site) =>
      account(d.name, `${d.title} is approved and open to investors`, [
        `Our due-diligence review of ${d.title} is done: the campaign is now listed and open to investors.`,
        '',
        ['Your campaign: ', link(`${site.publicUrl}/campaigns/${d.campaignId}`)],
      ]),
  }),
  'campaign-changes-requested': define<Named & { title: string; reason: string }>({
    about: 'To the trader: the reviewer sent the campaign back, with the reason.',
    sample: { name: 'Grace', title: 'Rotterdam electrolyser', reason: 'The offtake contract is missing.' },
    body: (d, site) =>
      account(d.name, `${d.title} needs changes before review`, [
        `Our reviewer sent ${d.title} back: ${d.reason}`,
        'Edit the campaign or file the missing documents, then submit it again from your campaign list.',
        '',
        ['Your campaigns: ', link(`${site.publicUrl}/trader/campaigns`)],
      ]),
  }),
} as const;
