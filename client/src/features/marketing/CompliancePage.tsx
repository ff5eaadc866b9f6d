import { COMPLAINT_DECISION_BUSINESS_DAYS } from '@domain/complaints.ts';
import { SUPPORT_EMAIL } from '@/lib/support.ts';
import {
  LegalDocument,
  LegalList,
  LegalSubsection,
  TextLink,
  type LegalSection,
} from './components/LegalDocument.tsx';

const SECTIONS: LegalSection[] = [
  {
    id: 'overview',
    title: 'Our approach',
    body: (
      <p>
        HydroBridge moves investors' money into physical trades across borders. We check who uses the
        platform, where money comes from, and that every cargo is what it claims to be. This page summarises
        how; our admins apply it every day.
      </p>
    ),
  },
  {
    id: 'kyc-aml',
    title: 'KYC and anti-money-laundering programme',
    body: (
      <>
        <LegalSubsection title="Know your customer">
          <p>
            Nobody can invest, create a campaign or place an order until their identity is verified.
            Individuals provide photo ID and proof of address; traders and buyers also provide company
            registration details. An admin reviews every application, usually within 1-3 business days:
          </p>
          <LegalList>
            <li>
              <strong>Pending</strong>: the account exists, no documents yet.
            </li>
            <li>
              <strong>Under Review</strong>: documents uploaded and being checked.
            </li>
            <li>
              <strong>Approved</strong> or <strong>Rejected</strong>: a rejection always gives a reason, and
              the user can submit again.
            </li>
          </LegalList>
        </LegalSubsection>
        <LegalSubsection title="Anti-money-laundering">
          <p>
            We monitor investments, refunds and payouts for unusual patterns, such as amounts out of line with
            a user's profile or money moving in and out quickly. We may ask where funds come from, pause
            activity while we look into it, and report suspicions to the authorities as the law requires.
          </p>
        </LegalSubsection>
      </>
    ),
  },
  {
    id: 'sanctions',
    title: 'Sanctions screening',
    body: (
      <p>
        Users, their companies, and the suppliers, buyers and vessels behind each trade are screened against
        the UK, EU, UN and US sanctions lists when they join and again whenever the lists change. A match
        blocks the account or trade until it is cleared; a confirmed match is refused and reported.
      </p>
    ),
  },
  {
    id: 'risk-scoring',
    title: 'Risk scoring',
    body: (
      <>
        <p>
          Every account gets a risk score from 0 to 100, based on its verification, country, activity and
          screening results. The score decides how closely we watch it:
        </p>
        <LegalList>
          <li>
            <strong>Above 70: high risk.</strong> Enhanced due diligence, such as source-of-funds evidence and
            a second review of large transactions.
          </li>
          <li>
            <strong>Above 85: watchlist.</strong> An admin reviews the account's activity, and new
            transactions may be held until it is cleared.
          </li>
        </LegalList>
      </>
    ),
  },
  {
    id: 'origin',
    title: 'Guarantee of Origin certification',
    body: (
      <p>
        Every cargo must come with Guarantee of Origin (GoO) certificates showing that the hydrogen was made
        with renewable electricity. Traders upload them before a campaign ships; we check them against the
        issuing registry, and they are cancelled in the buyer's name on delivery so the same green claim
        cannot be sold twice.
      </p>
    ),
  },
  {
    id: 'escrow',
    title: 'Escrow and ledger',
    body: (
      <>
        <p>
          Each confirmed investment has its own escrow record. Money stays <strong>Held</strong> until
          delivery is confirmed, then it is <strong>Released</strong> and profit is paid out; if a campaign
          misses its funding deadline, it is <strong>Refunded</strong>. A contested trade is marked{' '}
          <strong>Disputed</strong> and only an admin can release or refund it.
        </p>
        <p>
          Every money movement is recorded as a balanced double-entry transaction that is never edited;
          corrections are new, reversing entries. We check continuously that each campaign's raised amount
          equals its escrow balance.
        </p>
      </>
    ),
  },
  {
    id: 'audit',
    title: 'Audit exports',
    body: (
      <p>
        Admins can export three reports as CSV files for auditors and regulators: a KYC audit (every
        verification decision and who made it), transaction monitoring (every money movement) and a risk
        assessment (every account's score and level).
      </p>
    ),
  },
  {
    id: 'complaints',
    title: 'Complaints procedure',
    body: (
      <>
        <p>
          Anyone with a HydroBridge account can complain, free of charge, about an investment, a payment, a
          campaign, an order, their account or how we acted. We handle every complaint the same way:
        </p>
        <LegalList>
          <li>
            <strong>File it</strong> on the <TextLink href="/complaints">complaint form</TextLink>: choose
            what it is about, say what happened and what would put it right, and attach a document if it helps
            (PDF, JPEG or PNG, up to 10 MB).
          </li>
          <li>
            <strong>Acknowledgement at once</strong>: you get a reference (such as HB-C-2026-000123) on screen
            and by email, with the date by which we will decide.
          </li>
          <li>
            <strong>Review</strong>: someone who was not involved in what you complain about looks into it,
            and may ask you for more information.
          </li>
          <li>
            <strong>Decision within {COMPLAINT_DECISION_BUSINESS_DAYS} business days</strong>: upheld, partly
            upheld or rejected, with our reasons in writing, by email and on the complaint form's page. If we
            need longer we tell you why and when to expect it.
          </li>
        </LegalList>
        <p>
          If you disagree with our decision, reply quoting your reference. You may also take your complaint to
          the financial ombudsman or the competent authority of your country. Every complaint and decision is
          kept in our audit log.
        </p>
      </>
    ),
  },
  {
    id: 'concerns',
    title: 'Reporting a concern',
    body: (
      <>
        <p>
          If you suspect fraud, money laundering, a false certificate or misuse of an account, write to{' '}
          <TextLink href={`mailto:${SUPPORT_EMAIL}?subject=Compliance%20concern`}>{SUPPORT_EMAIL}</TextLink>{' '}
          with "Compliance concern" in the subject. Tell us what you saw, when, and which campaign or account
          it concerns.
        </p>
        <p>
          Reports are read by the compliance team only, handled in confidence, and you will not be treated
          unfairly for raising a concern in good faith. You can also report directly to the police or the
          relevant regulator.
        </p>
      </>
    ),
  },
];

export default function CompliancePage() {
  return (
    <LegalDocument
      title="Compliance"
      lead="How HydroBridge verifies users, screens trades, protects money in escrow and keeps an audit trail."
      sections={SECTIONS}
    />
  );
}
