// /admin/money: the money coming back from trades and going to them (docs/money.md) — settlements
// awaiting review, settlements due and in default, and staged releases awaiting confirmation. Every
// action asks first, then says what happened in a toast and refreshes the lists.
import type { ReactNode } from 'react';
import { isSettlementDue } from '@domain/money-out-views.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { useAdminMoney } from '../api/get-admin-money.ts';
import { AdminOnly } from '../components/AdminOnly.tsx';
import { DueSettlements } from '../components/DueSettlements.tsx';
import { ReleaseReviews } from '../components/ReleaseReviews.tsx';
import { SettlementReviews } from '../components/SettlementReviews.tsx';

const TITLE = 'Settlements and Releases';
const LEAD = 'Settlements to review, settlements due and in default, and staged releases to confirm.';

function Section({
  id,
  title,
  count,
  description,
  children,
}: {
  id: string;
  title: string;
  count: number;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 id={id} className="text-lg leading-tight font-semibold">
          {title} <span className="text-sm font-normal text-muted-foreground tabular-nums">({count})</span>
        </h2>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <section aria-labelledby={id}>{children}</section>
      </CardContent>
    </Card>
  );
}

function Money() {
  const money = useAdminMoney();
  if (!money.data)
    return (
      <Page
        title={TITLE}
        lead={money.error ? 'The money console could not be loaded. Please try again later.' : LEAD}
      >
        {!money.error && (
          <p aria-busy="true" className="text-muted-foreground">
            Loading settlements and releases…
          </p>
        )}
      </Page>
    );
  const { settlements, releases } = money.data;
  const review = settlements.filter((s) => s.status === 'pending_review');
  const due = settlements.filter((s) => isSettlementDue(s.status));
  return (
    <Page title={TITLE} lead={LEAD}>
      <div className="grid gap-6">
        <Section
          id="settlements-review"
          title="Settlements awaiting review"
          count={review.length}
          description="Check each declared result against its sales invoice. Approving asks the trader to pay the amount due within 14 days; rejecting sends your reason back."
        >
          <SettlementReviews settlements={review} />
        </Section>
        <Section
          id="settlements-due"
          title="Settlements due and in default"
          count={due.length}
          description="Approved and not paid yet. Unpaid 14 days after approval, a settlement is in default. Mark a trader's bank transfer received once it is on the statement."
        >
          <DueSettlements settlements={due} />
        </Section>
        <Section
          id="releases-review"
          title="Staged releases awaiting confirmation"
          count={releases.length}
          description="Each tranche waits on its milestone's document. Confirming pays it to the trader's bank account; sending it back asks the trader for the evidence again."
        >
          <ReleaseReviews releases={releases} />
        </Section>
      </div>
    </Page>
  );
}

export default function AdminMoneyPage() {
  return (
    <AdminOnly title={TITLE}>
      <Money />
    </AdminOnly>
  );
}
