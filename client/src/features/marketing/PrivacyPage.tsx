import { SUPPORT_EMAIL } from '@/lib/support.ts';
import {
  LegalDocument,
  LegalList,
  LegalSubsection,
  TextLink,
  type LegalSection,
} from './components/LegalDocument.tsx';

const mail = <TextLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</TextLink>;

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        HydroBridge is the controller of the personal data described here. This policy explains what we
        collect, why, how long we keep it and the rights you have under data protection law (the UK GDPR and
        the EU GDPR). For any privacy question, or to use your rights, write to {mail}.
      </p>
    ),
  },
  {
    id: 'data',
    title: 'What data we collect',
    body: (
      <>
        <LegalSubsection title="Account data">
          <p>
            Username, name, email, phone, country, role, and for traders and buyers the company name,
            registration number and industry. Your password is stored only as a one-way hash; we cannot read
            it.
          </p>
        </LegalSubsection>
        <LegalSubsection title="Identity (KYC) documents">
          <p>
            The documents you upload for verification, such as a passport or company registration certificate,
            and the outcome of our checks.
          </p>
        </LegalSubsection>
        <LegalSubsection title="Investments, orders and payments">
          <p>
            Your investments, escrow records, refunds, profit payouts and orders. Card payments are handled by
            our card processor: your card number goes straight to them, never to our servers. We receive only
            the payment status, amount and reference.
          </p>
        </LegalSubsection>
        <LegalSubsection title="Logs">
          <p>
            Technical records of requests and sign-ins: IP address, browser, time and the action taken, used
            to keep the service secure and working.
          </p>
        </LegalSubsection>
      </>
    ),
  },
  {
    id: 'why',
    title: 'Why we use it',
    body: (
      <LegalList>
        <li>
          <strong>To provide the service</strong> (our contract with you): run your account, record
          investments and orders, hold escrow and pay out profit or refunds.
        </li>
        <li>
          <strong>To meet legal duties</strong>: identity checks, anti-money-laundering and sanctions
          screening, tax and accounting records, and answering lawful requests from authorities.
        </li>
        <li>
          <strong>For our legitimate interests</strong>: keeping accounts secure, preventing fraud and fixing
          faults.
        </li>
      </LegalList>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          We never sell your data or use it for advertising. We share it only with the card processor, our
          hosting and email providers, professional advisers, and authorities where the law requires it, each
          bound to protect it. Traders see the amount and date of investments in their campaigns, not your
          identity documents.
        </p>
        <p>
          Where data leaves the UK or the EEA, we use an adequacy decision or standard contractual clauses to
          protect it.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <LegalList>
        <li>Account data: while your account is open, then 5 years after it closes.</li>
        <li>
          KYC documents and transaction records: 5 years after our relationship ends, as anti-money-laundering
          law requires.
        </li>
        <li>Logs: 90 days, unless needed longer to investigate a security incident.</li>
      </LegalList>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <p>You can ask us to:</p>
        <LegalList>
          <li>give you a copy of your data, or send it to another provider in a common format;</li>
          <li>correct data that is wrong or incomplete;</li>
          <li>delete your data, or restrict how we use it, where we have no legal duty to keep it;</li>
          <li>stop using your data on the basis of legitimate interests.</li>
        </LegalList>
        <p>
          Write to {mail}. We answer within one month and may ask you to prove your identity first. You can
          also complain to a data protection authority; in the UK this is the Information Commissioner's
          Office (ico.org.uk).
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>We use only what the site needs to work, so we do not ask for cookie consent:</p>
        <LegalList>
          <li>
            <strong>One session cookie</strong> that keeps you signed in. It is removed when you sign out or
            the session expires.
          </li>
          <li>
            <strong>Local storage in your browser</strong> for your theme (light, dark or system) and your
            preferred role. This stays on your device and is never sent to us.
          </li>
        </LegalList>
        <p>No analytics, advertising or tracking cookies, and no third-party trackers.</p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        All traffic is encrypted (HTTPS), passwords are hashed, staff access is limited to those who need it,
        and suspended accounts are signed out everywhere. If a breach puts your data at risk, we will tell you
        and the regulator as the law requires.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: <p>We will email you before any change to how we use your data takes effect.</p>,
  },
];

export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lead="What personal data HydroBridge collects, why we need it, how long we keep it and your rights."
      sections={SECTIONS}
    />
  );
}
