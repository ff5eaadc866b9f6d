import { LegalDocument, LegalList, TextLink, type LegalSection } from './components/LegalDocument.tsx';

const SECTIONS: LegalSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <>
        <p>
          HydroBridge runs an online marketplace where investors pool money into green hydrogen trades run by
          traders, and industrial buyers purchase hydrogen. These terms apply to everyone who creates an
          account. By signing up you accept them, together with our{' '}
          <TextLink href="/privacy">Privacy Policy</TextLink> and our{' '}
          <TextLink href="/compliance">Compliance</TextLink> rules.
        </p>
        <p>
          HydroBridge does not give investment, tax or legal advice. Nothing on the site is a personal
          recommendation.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts and roles',
    body: (
      <>
        <p>Each account has one role, chosen at sign-up:</p>
        <LegalList>
          <li>
            <strong>Investor</strong>: browses campaigns, invests and follows their portfolio.
          </li>
          <li>
            <strong>Trader</strong>: creates campaigns for a company they represent and runs the trades.
          </li>
          <li>
            <strong>Buyer</strong>: orders hydrogen in bulk for a company they represent.
          </li>
          <li>
            <strong>Admin</strong>: HydroBridge staff who review identity checks, monitor escrow and settle
            disputes. Admin accounts cannot be created through sign-up.
          </li>
        </LegalList>
        <p>
          To add another role, contact support. You must be at least 18, give true and complete details, keep
          your password secret and tell us straight away if you think someone else has used your account. You
          are responsible for what happens under your account.
        </p>
      </>
    ),
  },
  {
    id: 'kyc',
    title: 'Identity verification (KYC)',
    body: (
      <>
        <p>
          Before you can invest, create a campaign or place an order, we must verify your identity, and for
          traders and buyers your company. You upload the documents we ask for; review usually takes 1-3
          business days.
        </p>
        <p>
          We may approve or reject an application. If we reject it we tell you why, and you may submit again.
          We may ask for more information at any time, and we may restrict an account while checks are open.
        </p>
      </>
    ),
  },
  {
    id: 'investments',
    title: 'Investments and escrow',
    body: (
      <>
        <LegalList>
          <li>
            Each campaign states its target amount, quantity (usually 150-300 tonnes), buy and sell prices,
            funding deadline and minimum investment. The trader is responsible for this information.
          </li>
          <li>
            The minimum investment is $100, or the campaign's own minimum if it is higher. You cannot invest
            more than the amount the campaign still needs.
          </li>
          <li>
            You pay by card through our payment processor. Your investment counts only once the processor
            confirms the payment to us.
          </li>
          <li>
            Every confirmed investment is held in escrow. Escrowed money is not paid out until the trade's
            delivery is confirmed, or it is refunded (see <TextLink href="#refunds">Refunds</TextLink>).
          </li>
          <li>
            Your share of a campaign is your investment divided by its target amount. When delivery is
            confirmed and the trader records the actual result, the escrow is released and the net profit
            (gross profit less the platform fee) is paid out pro rata to the shares.
          </li>
          <li>Once confirmed, an investment cannot be withdrawn while the campaign is funding or trading.</li>
        </LegalList>
      </>
    ),
  },
  {
    id: 'traders-buyers',
    title: 'Traders and buyers',
    body: (
      <>
        <p>
          Traders must describe each campaign honestly, hold the supply and buyer contracts they rely on,
          provide Guarantee of Origin certificates for every cargo, keep the campaign up to date, and confirm
          delivery and the actual result promptly. A completed campaign can no longer be edited.
        </p>
        <p>
          Buyers must pay for confirmed orders on the agreed terms. An order can be cancelled while it is
          pending or confirmed, not once it has shipped.
        </p>
      </>
    ),
  },
  {
    id: 'fees',
    title: 'Fees',
    body: (
      <p>
        HydroBridge charges a platform fee of 5% of the gross profit of each completed trade, taken before
        profit is distributed. No fee is charged when a trade makes no profit, and investors pay no fee to
        invest or to be refunded. Your card issuer may charge its own fees.
      </p>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds when a campaign misses its deadline',
    body: (
      <p>
        If a campaign has not reached its target by its funding deadline, it is cancelled and every investment
        in it is refunded in full from escrow to the card it was paid with. Refunds normally reach you within
        5-10 business days, depending on your card issuer.
      </p>
    ),
  },
  {
    id: 'risk',
    title: 'Risk',
    body: (
      <>
        <p>
          Investing in a trade puts your capital at risk. Prices can move, shipments can be delayed, damaged
          or lost, buyers can fail to pay, and rules can change. You may get back less than you invested, or
          nothing.
        </p>
        <LegalList>
          <li>Expected returns and examples on the site are illustrations, not promises.</li>
          <li>Your money is committed until delivery or refund; there is no way to sell your share early.</li>
          <li>Investments are not bank deposits and are not covered by a deposit guarantee scheme.</li>
          <li>Spread your money across campaigns and only invest what you can afford to lose.</li>
        </LegalList>
      </>
    ),
  },
  {
    id: 'disputes',
    title: 'Disputes',
    body: (
      <>
        <p>
          If something goes wrong with a trade, a payment or an order, contact support first. We aim to answer
          within 5 business days.
        </p>
        <p>
          Where a trade is disputed, the escrow concerned is marked as disputed and held until an admin
          decides, on the evidence from all parties, whether to release it or refund it. We tell every
          affected user the outcome and the reasons.
        </p>
      </>
    ),
  },
  {
    id: 'suspension',
    title: 'Suspension and closure',
    body: (
      <p>
        We may suspend an account that breaks these terms, fails identity or sanctions checks, or puts other
        users at risk. A suspended user is signed out and cannot sign in; money in escrow stays protected and
        is settled under these terms. You may close your account at any time once you have no open investments
        or orders.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <>
        <p>
          We run the marketplace with reasonable care and skill. We are not a party to the trades and are not
          responsible for trading losses caused by market prices, shipping, buyers or other events outside our
          control.
        </p>
        <p>
          We are not liable for indirect or consequential losses. Nothing in these terms limits liability for
          death or personal injury caused by negligence, for fraud, or for anything else that cannot be
          limited by law.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms. We will tell you by email at least 30 days before a change that affects you
        takes effect; changes never apply to investments already confirmed under the old terms.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of England and Wales, and the courts of England and Wales decide
        any dispute about them. If you are a consumer living elsewhere, you keep the protection of the
        mandatory laws of your country.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      lead="The rules for using HydroBridge: accounts, investing, escrow, fees and what happens when things go wrong."
      sections={SECTIONS}
    />
  );
}
