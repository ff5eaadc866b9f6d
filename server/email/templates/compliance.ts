// Compliance: complaints and investor classification. Part of the one template catalogue
// (server/email/templates.ts).
import { define, link, account, type Named } from '../layout.ts';

export const COMPLIANCE_TEMPLATES = {
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
} as const;
