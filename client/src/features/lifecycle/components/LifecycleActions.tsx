// The trader's moves of a campaign after funding (issue 11): start trading, record shipment
// milestones, complete with the actual profit — each confirmed first, completion with what every
// group of investors receives (the same distribution the server books, domain/lifecycle.ts).
import { useState, type FormEvent } from 'react';
import type { CampaignDetail } from '@domain/campaign-schemas.ts';
import {
  distributeProfit,
  MILESTONE_KINDS,
  MILESTONE_LABELS,
  nextMilestone,
  transitionSchema,
  type MilestoneKind,
} from '@domain/lifecycle.ts';
import { dec, KG_PER_TONNE, toFixed } from '@domain/money.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field, FormAlert } from '@/components/ui/form-field.tsx';
import { Input, NativeSelect } from '@/components/ui/input.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { formatUsdCents } from '@/lib/format.ts';
import { useCampaignSales } from '@/features/marketplace/api/order-figures.ts';
import { useCampaignInvestors, useMilestones, useRecordMilestone, useTransition } from '../api/lifecycle.ts';

export function LifecycleActions({ campaign }: { campaign: CampaignDetail }) {
  if (campaign.status === 'funded') return <StartTrading campaign={campaign} />;
  if (campaign.status === 'trading')
    return (
      <div className="space-y-6">
        <RecordMilestone campaignId={campaign.id} />
        <CompleteCampaign campaign={campaign} />
      </div>
    );
  return null;
}

function StartTrading({ campaign }: { campaign: CampaignDetail }) {
  const [confirming, setConfirming] = useState(false);
  const transition = useTransition(campaign.id);
  if (!confirming) return <Button onClick={() => setConfirming(true)}>Start trading</Button>;
  return (
    <div className="space-y-2 rounded-md border p-3">
      <p className="text-sm">
        Start the shipment of {campaign.title}? The {formatUsdCents(campaign.raisedAmount)} raised stays in
        escrow until you complete the campaign; investors follow the milestones you record.
      </p>
      <FormAlert
        message={transition.error ? (serverMessageOf(transition.error) ?? 'Please try again.') : undefined}
      />
      <div className="flex gap-2">
        <Button onClick={() => transition.mutate({ to: 'trading' })} disabled={transition.isPending}>
          Confirm start trading
        </Button>
        <Button variant="outline" onClick={() => setConfirming(false)}>
          Back
        </Button>
      </div>
    </div>
  );
}

function RecordMilestone({ campaignId }: { campaignId: string }) {
  const { data: milestones = [] } = useMilestones(campaignId);
  const record = useRecordMilestone(campaignId);
  const open = MILESTONE_KINDS.filter((k) => !milestones.some((m) => m.kind === k));
  const [kind, setKind] = useState<MilestoneKind | ''>('');
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');
  const [documentRef, setDocumentRef] = useState('');
  const chosen = kind && open.includes(kind) ? kind : nextMilestone(milestones);
  if (!chosen) return <p className="text-sm text-muted-foreground">Every shipment milestone is recorded.</p>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate(
      {
        kind: chosen,
        ...(date && { at: new Date(`${date}T12:00:00Z`).toISOString() }),
        ...(note.trim() && { note: note.trim() }),
        ...(documentRef.trim() && { documentRef: documentRef.trim() }),
      },
      {
        onSuccess: () => {
          setKind('');
          setDate('');
          setNote('');
          setDocumentRef('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-labelledby="record-milestone-heading">
      <h3 id="record-milestone-heading" className="font-semibold">
        Record a milestone
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="milestone-kind" label="Milestone">
          <NativeSelect
            id="milestone-kind"
            value={chosen}
            onChange={(e) => setKind(e.target.value as MilestoneKind)}
          >
            {open.map((k) => (
              <option key={k} value={k}>
                {MILESTONE_LABELS[k]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="milestone-date" label="Date" hint="Today when left empty">
          <Input id="milestone-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </Field>
        <Field id="milestone-note" label="Note (optional)">
          <Input
            id="milestone-note"
            value={note}
            maxLength={1000}
            onChange={(e) => setNote(e.target.value)}
          />
        </Field>
        <Field id="milestone-document" label="Document reference (optional)">
          <Input
            id="milestone-document"
            value={documentRef}
            maxLength={200}
            placeholder="Bill of lading, customs entry…"
            onChange={(e) => setDocumentRef(e.target.value)}
          />
        </Field>
      </div>
      <FormAlert
        message={record.error ? (serverMessageOf(record.error) ?? 'Please try again.') : undefined}
      />
      <Button type="submit" disabled={record.isPending}>
        Record {MILESTONE_LABELS[chosen]}
      </Button>
    </form>
  );
}

/**
 * What the cargo sold for on the marketplace (issue 13): the delivered orders of the trader's listings
 * tied to this campaign, less the purchase cost at the campaign's buy price — offered as the actual
 * profit, which the trader may still correct (sales off the platform, costs of shipping).
 */
function CargoSales({ campaign, onUse }: { campaign: CampaignDetail; onUse: (profit: string) => void }) {
  const { data: sales } = useCampaignSales(campaign.id);
  if (!sales) return null;
  if (sales.orders === 0)
    return <p className="text-sm text-muted-foreground">No marketplace sales of this cargo yet.</p>;
  const cost = dec(campaign.quantity).times(KG_PER_TONNE).times(campaign.buyPrice);
  const profit = toFixed(dec(sales.revenue).minus(cost));
  return (
    <div className="space-y-2 rounded-md bg-muted p-3 text-sm">
      <p>
        Marketplace sales of this cargo: {formatUsdCents(sales.revenue)} from {sales.orders} delivered{' '}
        {sales.orders === 1 ? 'order' : 'orders'}, less the purchase cost of {formatUsdCents(toFixed(cost))} ={' '}
        {formatUsdCents(profit)}.
      </p>
      <Button type="button" variant="outline" size="sm" onClick={() => onUse(profit)}>
        Use {formatUsdCents(profit)} as the actual profit
      </Button>
    </div>
  );
}

function CompleteCampaign({ campaign }: { campaign: CampaignDetail }) {
  const [profit, setProfit] = useState('');
  const [review, setReview] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string>();
  const investors = useCampaignInvestors(campaign.id);
  const transition = useTransition(campaign.id);
  const onReview = (event: FormEvent) => {
    event.preventDefault();
    const parsed = transitionSchema.safeParse({ to: 'completed', actualProfit: profit });
    if (!parsed.success || parsed.data.to !== 'completed') {
      setFieldError(parsed.success ? undefined : parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    setReview(parsed.data.actualProfit);
  };
  if (review === null)
    return (
      <form onSubmit={onReview} className="space-y-3" aria-labelledby="complete-heading" noValidate>
        <h3 id="complete-heading" className="font-semibold">
          Complete the campaign
        </h3>
        <Field
          id="actual-profit"
          label="Actual profit (USD)"
          error={fieldError}
          hint="The trade's gross profit once delivered; a loss is negative, e.g. -1500.00"
        >
          <Input
            id="actual-profit"
            inputMode="decimal"
            value={profit}
            aria-invalid={!!fieldError}
            onChange={(e) => setProfit(e.target.value)}
          />
        </Field>
        <CargoSales campaign={campaign} onUse={setProfit} />
        <Button type="submit" variant="outline">
          Review payouts
        </Button>
      </form>
    );
  const open = (investors.data ?? []).filter((i) => i.status === 'confirmed');
  const d = distributeProfit({
    actualProfit: review,
    targetAmount: campaign.targetAmount,
    investments: open.map((i) => ({ id: i.investmentId, amount: i.amount })),
  });
  // Investors who put in the same amount receive the same (to the cent): one line per group.
  const groups = new Map<string, { amount: string; payout: string; count: number }>();
  for (const p of d.payouts) {
    const key = `${p.principal}|${p.payout}`;
    const g = groups.get(key) ?? { amount: p.principal, payout: p.payout, count: 0 };
    g.count++;
    groups.set(key, g);
  }
  return (
    <div className="space-y-3 rounded-md border p-3" role="group" aria-labelledby="confirm-complete-heading">
      <h3 id="confirm-complete-heading" className="font-semibold">
        Confirm completion
      </h3>
      <dl className="grid grid-cols-2 gap-1 text-sm">
        <dt>Actual profit</dt>
        <dd className="text-right tabular-nums">{formatUsdCents(d.grossProfit)}</dd>
        <dt>Platform fee (5%)</dt>
        <dd className="text-right tabular-nums">{formatUsdCents(d.fee)}</dd>
        <dt>Net profit to investors</dt>
        <dd className="text-right tabular-nums">{formatUsdCents(d.netProfit)}</dd>
        <dt>Total paid out</dt>
        <dd className="text-right tabular-nums">
          {formatUsdCents(toFixed(dec(d.principal).plus(d.netProfit)))}
        </dd>
      </dl>
      {investors.isPending ? (
        <p className="text-sm text-muted-foreground">Loading investors…</p>
      ) : (
        <ul aria-label="What each investor group receives" className="space-y-1 text-sm">
          {[...groups.values()].map((g) => (
            <li key={`${g.amount}-${g.payout}`}>
              {g.count} {g.count === 1 ? 'investor' : 'investors'} of {formatUsdCents(g.amount)}{' '}
              {g.count === 1 ? 'receives' : 'each receive'} {formatUsdCents(g.payout)}
            </li>
          ))}
        </ul>
      )}
      <FormAlert
        message={
          transition.error
            ? (serverMessageOf(transition.error) ?? 'Please try again.')
            : investors.error
              ? `Failed to load the investors. ${investors.error.message}`
              : undefined
        }
      />
      <div className="flex gap-2">
        <Button
          onClick={() => transition.mutate({ to: 'completed', actualProfit: review })}
          // Only with the preview of every investor's payout in front of the trader.
          disabled={transition.isPending || !investors.data}
        >
          Confirm completion
        </Button>
        <Button variant="outline" onClick={() => setReview(null)}>
          Back
        </Button>
      </div>
    </div>
  );
}
