// Staged releases awaiting confirmation: the campaign, the tranche, its amount (its share of what was
// raised) and the milestone's evidence; Confirm release (asked first: it pays the trader at once) or
// Send back with a reason the trader reads.
import { useState } from 'react';
import type { AdminRelease } from '@domain/money-out.ts';
import { trancheAmounts, trancheLabel } from '@domain/money-out-views.ts';
import { DocumentLink } from '@/components/document-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import { formatDate, formatUsdCents } from '@/lib/format.ts';
import { useCampaign } from '@/features/campaigns/index.ts';
import { useDecideRelease } from '../api/decide-release.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { EmptyList, MoneyItem } from './MoneyItem.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';

type Open = { kind: 'approve' | 'reject'; release: AdminRelease } | null;

/** The tranche's amount (its share of what was raised) and who receives it, from the campaign's answer. */
function useTranche(release: AdminRelease | undefined) {
  const campaign = useCampaign(release?.campaignId);
  const c = campaign.data;
  const index = c && release ? c.releases.findIndex((x) => x.id === release.id) : -1;
  return {
    amount: c && index >= 0 ? trancheAmounts(c.raisedAmount, c.releases)[index]! : null,
    trader: c ? (c.traderCompany ?? c.traderName) : null,
  };
}

export function ReleaseReviews({ releases }: { releases: AdminRelease[] }) {
  const decide = useDecideRelease();
  const [open, setOpen] = useState<Open>(null);
  const r = open?.release;
  const { amount, trader } = useTranche(r);
  if (releases.length === 0) return <EmptyList>No releases awaiting confirmation</EmptyList>;
  const what = r ? `${trancheLabel(r)} of ${r.campaignTitle}` : '';
  const to = trader ?? 'the trader';
  return (
    <>
      <ul className="grid gap-4">
        {releases.map((release) => (
          <Review key={release.id} release={release} onOpen={(kind) => setOpen({ kind, release })} />
        ))}
      </ul>
      <ConfirmDialog
        open={open?.kind === 'approve'}
        title="Confirm the release"
        description={
          r
            ? `${amount ? formatUsdCents(amount) : 'The tranche'} (${what}) is released from escrow to ${to} and paid to their bank account. Confirm only against the milestone's evidence.`
            : ''
        }
        confirm="Confirm release"
        busy={decide.isPending}
        onConfirm={() =>
          decide.mutateAsync({ campaignId: r!.campaignId, releaseId: r!.id, decision: 'approve' })
        }
        onClose={() => setOpen(null)}
      />
      <ReasonDialog
        open={open?.kind === 'reject'}
        title="Send the evidence back"
        description={
          r ? `${to} reads your reason and files the evidence of ${what} again. Nothing is released.` : ''
        }
        confirm="Send back"
        busy={decide.isPending}
        onConfirm={(reason) =>
          decide.mutateAsync({ campaignId: r!.campaignId, releaseId: r!.id, decision: 'reject', reason })
        }
        onClose={() => setOpen(null)}
      />
    </>
  );
}

function Review({
  release,
  onOpen,
}: {
  release: AdminRelease;
  onOpen: (kind: 'approve' | 'reject') => void;
}) {
  const { amount, trader } = useTranche(release);
  const named = (
    <span className="sr-only">
      {' '}
      {trancheLabel(release)} of {release.campaignTitle}
    </span>
  );
  return (
    <MoneyItem
      id={`release-${release.id}`}
      campaignId={release.campaignId}
      title={release.campaignTitle}
      subtitle={trader ?? 'Loading…'}
      figures={[
        ['Tranche', trancheLabel(release)],
        ['Amount', amount ? formatUsdCents(amount) : '—'],
        ['Evidence filed', release.document ? formatDate(release.document.createdAt) : '—'],
      ]}
      actions={
        <>
          <Button size="sm" onClick={() => onOpen('approve')}>
            Confirm release{named}
          </Button>
          <Button size="sm" variant="outline" onClick={() => onOpen('reject')}>
            Send back{named}
          </Button>
        </>
      }
    >
      {release.document ? (
        <DocumentLink campaignId={release.campaignId} document={release.document} label="Evidence" />
      ) : (
        <p className="text-sm text-muted-foreground">No evidence was filed.</p>
      )}
    </MoneyItem>
  );
}
