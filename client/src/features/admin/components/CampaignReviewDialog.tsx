// Review a campaign (issue 19, docs/campaigns.md): its terms, the trader's supply contract, offtake
// contract and latest financials (each opened in a new tab), the checklist of checks done (recorded with
// the decision), then approve — only with every document on file and every check ticked — or send it
// back with the reasons the trader will read.
import { useState } from 'react';
import { campaignStatusLabel } from '@domain/campaigns.ts';
import {
  DILIGENCE_DOCUMENT_KINDS,
  DILIGENCE_DOCUMENT_LABELS,
  REVIEW_CHECK_LABELS,
  REVIEW_CHECKS,
  REVIEW_REASON_MAX,
  REVIEW_STATUS_LABELS,
  type ReviewCheck,
} from '@domain/diligence.ts';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { CheckboxField, Field, fieldA11y } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { formatDate, formatNumber, formatUsd, formatUsdCents } from '@/lib/format.ts';
import { useCampaignReview, useReviewDocuments, useReviewedCampaign } from '../api/campaign-reviews.ts';

export function CampaignReviewDialog({
  campaignId,
  onClose,
}: {
  campaignId: string | null;
  onClose: () => void;
}) {
  const campaign = useReviewedCampaign(campaignId);
  const documents = useReviewDocuments(campaignId);
  const decide = useCampaignReview();
  const [checks, setChecks] = useState<ReviewCheck[]>([]);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const c = campaign.data;
  const docs = (documents.data ?? []).filter((d) =>
    (DILIGENCE_DOCUMENT_KINDS as readonly string[]).includes(d.kind),
  );
  const missing = DILIGENCE_DOCUMENT_KINDS.filter((k) => !docs.some((d) => d.kind === k));
  const unchecked = REVIEW_CHECKS.length - checks.length;
  const approveBlocker = missing.length
    ? `Approve needs every document: ${missing.map((k) => DILIGENCE_DOCUMENT_LABELS[k].toLowerCase()).join(', ')} missing.`
    : unchecked
      ? `Tick every check to approve (${unchecked} left).`
      : null;

  const close = () => {
    setChecks([]);
    setReason('');
    setError(undefined);
    onClose();
  };
  const send = async (decision: 'approve' | 'reject') => {
    if (!c) return;
    if (decision === 'reject' && !reason.trim()) {
      setError('Say what the trader must change: the reason is required to send a campaign back');
      return;
    }
    await decide.mutateAsync(
      decision === 'approve' ? { id: c.id, decision, checks } : { id: c.id, decision, reason, checks },
    );
    close();
  };

  return (
    <Dialog open={!!campaignId} onOpenChange={(open) => !open && close()}>
      <DialogContent width="wider">
        <DialogHeader>
          <DialogTitle>Review campaign{c ? `: ${c.title}` : ''}</DialogTitle>
          <DialogDescription>
            Check the terms against the contracts and the trader’s financials, then approve or send it back.
          </DialogDescription>
        </DialogHeader>
        {!c ? (
          <p className="text-sm text-muted-foreground">
            {campaign.error ? 'This campaign could not be loaded.' : 'Loading…'}
          </p>
        ) : (
          <div className="grid gap-4 text-sm">
            <dl className="grid grid-cols-2 gap-2">
              <dt className="text-muted-foreground">Trader</dt>
              <dd>
                {c.traderName}
                {c.traderCompany && ` (${c.traderCompany})`}
              </dd>
              <dt className="text-muted-foreground">Trade route</dt>
              <dd>{c.tradeRoute}</dd>
              <dt className="text-muted-foreground">Quantity</dt>
              <dd>{formatNumber(c.quantity)} t</dd>
              <dt className="text-muted-foreground">Buy → sell price</dt>
              <dd>
                {formatUsdCents(c.buyPrice)} → {formatUsdCents(c.sellPrice)} per kg
              </dd>
              <dt className="text-muted-foreground">Target</dt>
              <dd>{formatUsd(c.targetAmount)}</dd>
              <dt className="text-muted-foreground">Deadline</dt>
              <dd>{formatDate(c.deadline)}</dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                {campaignStatusLabel(c.status)} · {REVIEW_STATUS_LABELS[c.review.status]}
              </dd>
            </dl>
            <section aria-label="Documents" className="grid gap-2">
              <h3 className="font-semibold">Documents</h3>
              <ul className="grid gap-1">
                {DILIGENCE_DOCUMENT_KINDS.map((kind) => {
                  const filed = docs.filter((d) => d.kind === kind);
                  return (
                    <li key={kind} className="flex flex-wrap justify-between gap-2 rounded-md border p-2">
                      <span className="font-medium">{DILIGENCE_DOCUMENT_LABELS[kind]}</span>
                      {filed.length === 0 ? (
                        <span className="text-destructive">Not filed yet</span>
                      ) : (
                        <span className="flex flex-wrap gap-3">
                          {filed.map((d) => (
                            <a
                              key={d.id}
                              className="text-primary underline-offset-4 hover:underline"
                              href={`/api/campaigns/${c.id}/documents/${d.id}`}
                              target="_blank"
                              rel="noreferrer"
                            >
                              Open {d.fileName} ({formatDate(d.createdAt)})
                            </a>
                          ))}
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
            {c.reviewHistory.length > 0 && (
              <section aria-label="Earlier decisions" className="grid gap-1">
                <h3 className="font-semibold">Earlier decisions</h3>
                <ul className="list-disc pl-5">
                  {c.reviewHistory.map((h) => (
                    <li key={h.decidedAt}>
                      {formatDate(h.decidedAt)}: {h.decision === 'approved' ? 'approved' : 'sent back'} by{' '}
                      {h.reviewerName}
                      {h.reason && `: ${h.reason}`}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {c.review.status === 'pending' ? (
              <div className="grid gap-3">
                <fieldset className="grid gap-2">
                  <legend className="mb-1 font-semibold">Checks done</legend>
                  {REVIEW_CHECKS.map((check) => (
                    <CheckboxField
                      key={check}
                      id={`review-check-${check}`}
                      label={REVIEW_CHECK_LABELS[check]}
                      checked={checks.includes(check)}
                      onChange={(e) =>
                        setChecks((list) =>
                          e.target.checked ? [...list, check] : list.filter((x) => x !== check),
                        )
                      }
                    />
                  ))}
                </fieldset>
                <Field
                  id="review-reason"
                  label="Reasons (required to send back; the trader reads them)"
                  error={error}
                >
                  <Textarea
                    value={reason}
                    onChange={(e) => {
                      setReason(e.target.value);
                      setError(undefined);
                    }}
                    maxLength={REVIEW_REASON_MAX}
                    {...fieldA11y('review-reason', error)}
                  />
                </Field>
                <div className="flex flex-wrap items-center justify-end gap-2">
                  {approveBlocker && (
                    <span id="review-approve-hint" className="text-muted-foreground">
                      {approveBlocker}
                    </span>
                  )}
                  <Button
                    variant="destructive"
                    disabled={decide.isPending}
                    onClick={() => void send('reject')}
                  >
                    Send back
                  </Button>
                  <Button
                    disabled={decide.isPending || approveBlocker !== null}
                    aria-describedby={approveBlocker ? 'review-approve-hint' : undefined}
                    onClick={() => void send('approve')}
                  >
                    Approve
                  </Button>
                </div>
              </div>
            ) : (
              <p className="text-muted-foreground">
                This review is decided: {REVIEW_STATUS_LABELS[c.review.status]}.
              </p>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
