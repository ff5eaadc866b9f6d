// Every email the platform sends, in one place (docs/email.md): a named template takes typed data and
// gives the subject, the plain text and the HTML. The texts are the ones the features always sent
// (tests and the spec quote them); the HTML is the same lines, escaped, with our links as links. Only
// links a template marks (`{ href }`) become anchors: a URL typed into a campaign title stays text.
import { dec, usdText, ZERO } from '../../domain/money.ts';

/** A piece of a line: text, or one of our own links (shown as its address). */
type Inline = string | { href: string };
/** One line of the email; '' is the gap between paragraphs. */
type Line = Inline | readonly Inline[];

interface Body {
  subject: string;
  /** The greeting's name: `Hello Ada,`; null: `Hello,`; undefined: no greeting at all. */
  hello?: string | null;
  lines: readonly Line[];
  /** The line under the body, after a gap (none when undefined). */
  signature?: string;
}

/** What templates may link to. */
export interface Site {
  /** Origin of the links (PUBLIC_URL), no trailing slash. */
  publicUrl: string;
}

interface Template<D> {
  /** What the email is for (the preview page lists it). */
  about: string;
  /** Data the preview page renders it with. */
  sample: D;
  body(data: D, site: Site): Body;
}

export interface RenderedEmail {
  template: TemplateName;
  subject: string;
  text: string;
  html: string;
}

const define = <D>(t: Template<D>) => t;
const link = (href: string) => ({ href });

/** The account features' layout: greeting, the lines, the name of the platform. */
const account = (name: string | null | undefined, subject: string, lines: Line[]): Body => ({
  subject,
  hello: name || null,
  lines,
  signature: 'HydroBridge',
});

/** The marketplace's layout: greeting by display name, the lines, a dash and the name. */
const market = (name: string, subject: string, lines: Line[]): Body => ({
  subject,
  hello: name,
  lines,
  signature: '— HydroBridge',
});

/** The lifecycle notices' closing lines (every investor email about a campaign). */
const investorFooter = (site: Site): Line[] => [
  '',
  ['Your portfolio: ', link(`${site.publicUrl}/portfolio`)],
  ['Turn these emails off in your settings: ', link(`${site.publicUrl}/settings`)],
];

interface Named {
  /** The recipient's first name or username; empty: a plain "Hello,". */
  name: string | null;
}

interface CampaignNotice extends Named {
  title: string;
  /** The investor's total in the campaign (decimal string). */
  amount: string;
}

export const TEMPLATES = {
  'verify-email': define<Named & { token: string; hours: number }>({
    about: 'Sign-up (and "send the link again"): the link that verifies the address.',
    sample: { name: 'Ada', token: 'sample-token', hours: 24 },
    body: (d, site) =>
      account(d.name, 'Verify your email address for HydroBridge', [
        `Please confirm that this is your email address by opening this link within ${d.hours} hours:`,
        '',
        link(`${site.publicUrl}/verify-email?token=${d.token}`),
        '',
        'Until then you can browse campaigns and complete your profile; investing, creating campaigns',
        'and ordering open once your address is verified.',
        '',
        'If you did not create a HydroBridge account, ignore this email.',
      ]),
  }),
  'password-reset': define<Named & { token: string }>({
    about: 'Forgot password: the one-hour reset link.',
    sample: { name: 'Ada', token: 'sample-token' },
    body: (d, site) =>
      account(d.name, 'Reset your HydroBridge password', [
        'We received a request to reset the password of your HydroBridge account.',
        'Open this link within 1 hour to choose a new password:',
        '',
        link(`${site.publicUrl}/reset-password?token=${d.token}`),
        '',
        'The link works once. If you did not ask for a new password, ignore this email:',
        'your password stays as it is.',
      ]),
  }),
  'password-changed': define<Named>({
    about: 'A reset link was used: the password changed and every device was signed out.',
    sample: { name: 'Ada' },
    body: (d) =>
      account(d.name, 'Your HydroBridge password was changed', [
        'The password of your HydroBridge account was just reset, and every device was signed out.',
        'If this was not you, reset your password again right away and contact support.',
      ]),
  }),
  'password-cleared': define<Named & { provider: string }>({
    about: 'Social sign-in claimed an account whose address was never verified: its password is cleared.',
    sample: { name: 'Ada', provider: 'Google' },
    body: (d) =>
      account(d.name, 'Your HydroBridge password was cleared', [
        `You just signed in to HydroBridge with ${d.provider}. An account with your email address already`,
        'existed, but its address had never been verified, so nothing showed that you chose its password.',
        '',
        'To keep the account yours, we cleared that password and signed out every device that used it.',
        `Keep signing in with ${d.provider}, or choose a new password with "Forgot password?" in the sign-in`,
        'dialog.',
        '',
        'If you did not create this account, someone may have registered your address before you: it is',
        'yours now, and nothing else is needed.',
      ]),
  }),
  'complaint-received': define<
    Named & {
      reference: string;
      receivedOn: string;
      category: string;
      decisionBy: string;
      businessDays: number;
    }
  >({
    about: 'A complaint was filed: its acknowledgement with the reference and the decision date.',
    sample: {
      name: 'Ada',
      reference: 'C-2026-000042',
      receivedOn: '2 March 2026',
      category: 'Investment or refund',
      decisionBy: '30 March 2026',
      businessDays: 20,
    },
    body: (d, site) =>
      account(d.name, `We received your complaint ${d.reference}`, [
        `We received your complaint on ${d.receivedOn}. Its reference is ${d.reference}: please quote it if you write to us about it.`,
        `What it is about: ${d.category}.`,
        `We will send you our decision, with our reasons, by ${d.decisionBy} (${d.businessDays} business days). If we need more time we will tell you why before then.`,
        ['You can follow it at ', link(`${site.publicUrl}/complaints`), '.'],
      ]),
  }),
  'complaint-decided': define<
    Named & { reference: string; receivedOn: string; outcome: string; response: string }
  >({
    about: "An admin decided a complaint: the outcome and the admin's response.",
    sample: {
      name: 'Ada',
      reference: 'C-2026-000042',
      receivedOn: '2 March 2026',
      outcome: 'Upheld',
      response: 'The refund was late. We have paid it <today> & added interest.',
    },
    body: (d) =>
      account(d.name, `Our decision on your complaint ${d.reference}`, [
        `We have decided your complaint ${d.reference}, received on ${d.receivedOn}.`,
        `Outcome: ${d.outcome}.`,
        'Our response:',
        d.response,
        `If you disagree, reply to this email quoting ${d.reference}. You may also take your complaint to the financial ombudsman or the competent authority of your country.`,
      ]),
  }),
  'classification-approved': define<Named & { validUntil: string }>({
    about: 'An admin approved an application to be classed as a sophisticated investor.',
    sample: { name: 'Ada', validUntil: '2028-03-02' },
    body: (d, site) =>
      account(d.name, 'You are now classed as a sophisticated investor', [
        `We approved your application: you are classed as a sophisticated investor until ${d.validUntil}.`,
        'Sophisticated investors do not take the knowledge test, see no warning above the loss threshold and have no reflection period to revoke an investment. You may ask to be classed as non-sophisticated again at any time.',
        ['Your classification: ', link(`${site.publicUrl}/investor/classification`)],
      ]),
  }),
  'classification-rejected': define<Named & { reason: string }>({
    about: 'An admin rejected an application to be classed as a sophisticated investor, with the reason.',
    sample: { name: 'Ada', reason: 'The statement shows a portfolio under €500,000.' },
    body: (d, site) =>
      account(d.name, 'Your application to be classed as a sophisticated investor', [
        `We could not approve your application: ${d.reason}`,
        [
          'You remain a non-sophisticated investor, with every safeguard that gives you. You may apply again with further evidence: ',
          link(`${site.publicUrl}/investor/classification`),
        ],
      ]),
  }),
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
  'order-step': define<{
    name: string;
    orderId: string;
    total: string;
    /** The step as the subject says it: "placed and paid", "shipped", "received"… */
    label: string;
    /** Where this side follows the order. */
    side: 'buyer' | 'trader';
  }>({
    about:
      'An order moved a step (paid, accepted, shipped, delivered, received, cancelled): to buyer and supplier.',
    sample: {
      name: 'Grace',
      orderId: '00000000-0000-4000-8000-0000000000aa',
      total: '18400.00',
      label: 'shipped',
      side: 'buyer',
    },
    body: (d, site) =>
      market(d.name, `Order ${d.orderId.slice(0, 8)} ${d.label}`, [
        `Order ${d.orderId} (${usdText(d.total)}) is now ${d.label}.`,
        [
          'Follow it at ',
          link(`${site.publicUrl}${d.side === 'buyer' ? '/buyer/tracking' : '/trader/marketplace'}`),
        ],
      ]),
  }),
  'rfq-new': define<{ name: string }>({
    about: 'To suppliers: a buyer asks for a quote.',
    sample: { name: 'Grace' },
    body: (d, site) =>
      market(d.name, 'New request for quote', [
        [
          'A buyer asks for a quote for green hydrogen. Answer it from your workspace: ',
          link(`${site.publicUrl}/trader/marketplace`),
        ],
      ]),
  }),
  'offer-new': define<{ name: string }>({
    about: 'To the buyer: a supplier answered their request for quote.',
    sample: { name: 'Ada' },
    body: (d, site) =>
      market(d.name, 'New offer on your request for quote', [
        [
          'A supplier answered your request for quote with an offer. Review it at ',
          link(`${site.publicUrl}/buyer/offers`),
        ],
      ]),
  }),
  'role-approved': define<{ role: string }>({
    about: 'An admin approved a request for another role.',
    sample: { role: 'Trader' },
    body: (d) => ({
      subject: `Your request for the ${d.role} role`,
      lines: [`Your HydroBridge account now has the ${d.role} role. Sign in again to use it.`],
    }),
  }),
  'role-declined': define<{ role: string; reason: string | null }>({
    about: 'An admin declined a request for another role (with the reason, when given).',
    sample: { role: 'Trader', reason: 'Your company is not registered as a hydrogen trader.' },
    body: (d) => ({
      subject: `Your request for the ${d.role} role`,
      lines: [`Your request for the ${d.role} role was declined.${d.reason ? ` Reason: ${d.reason}` : ''}`],
    }),
  }),
} as const;

export type TemplateName = keyof typeof TEMPLATES;
export type TemplateData<N extends TemplateName> = (typeof TEMPLATES)[N]['sample'];
export const TEMPLATE_NAMES = Object.keys(TEMPLATES) as TemplateName[];

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(TEMPLATES, name);
}

/** The email `name` gives for `data`: subject, plain text and HTML. */
export function render<N extends TemplateName>(name: N, data: TemplateData<N>, site: Site): RenderedEmail {
  const template = TEMPLATES[name] as Template<TemplateData<N>>;
  const body = template.body(data, site);
  const head = body.hello === undefined ? [] : [body.hello ? `Hello ${body.hello},` : 'Hello,', ''];
  const tail = body.signature === undefined ? [] : ['', body.signature];
  const lines: Line[] = [...head, ...body.lines, ...tail];
  return {
    template: name,
    subject: body.subject,
    text: lines.map(lineText).join('\n'),
    html: htmlDocument(body.subject, lines),
  };
}

const pieces = (line: Line): readonly Inline[] => (Array.isArray(line) ? line : [line as Inline]);

function lineText(line: Line): string {
  return pieces(line)
    .map((p) => (typeof p === 'string' ? p : p.href))
    .join('');
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function lineHtml(line: Line): string {
  return pieces(line)
    .map((p) =>
      typeof p === 'string'
        ? escapeHtml(p)
        : `<a href="${escapeHtml(p.href)}" style="color:#0f766e">${escapeHtml(p.href)}</a>`,
    )
    .join('');
}

/** Paragraphs are the runs of lines between empty ones; a line break stays a line break. */
function htmlDocument(subject: string, lines: readonly Line[]): string {
  const paragraphs: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length) paragraphs.push(`<p style="margin:0 0 16px">${run.join('<br>\n')}</p>`);
    run = [];
  };
  for (const line of lines) {
    if (line === '') flush();
    else run.push(lineHtml(line));
  }
  flush();
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f8fafc;color:#0f172a;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">',
    ...paragraphs,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}
