// Review Documents: the user's KYB fields and documents (images shown, PDFs opened in a new tab), and
// the decision — approve, or reject with the reason the user will read. Approve is offered once the
// admin has opened every document (the server records each opening and refuses approval before); an
// identity change in review shows the values asked for beside the verified ones. react-hook-form with
// the domain's review form schema (the reason required only to reject).
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { DOCUMENT_KIND_LABELS, type DocumentKind } from '@domain/kyc.ts';
import { KYC_WAITING, kycDecisionOf, kycReviewFormSchema, type KycReviewForm } from '@domain/admin.ts';
import { KYC_STATUS_LABELS, ROLE_LABELS } from '@domain/users.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Field, fieldA11y } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { formatDate } from '@/lib/format.ts';
import { KYC_TONES } from '@/features/accounts/index.ts';
import { useAdminUser } from '../api/admin.ts';
import { useKycDecision } from '../api/admin-actions.ts';

export function KycReviewDialog({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const user = useAdminUser(userId);
  const decide = useKycDecision();
  const {
    register,
    handleSubmit,
    setValue,
    reset,
    clearErrors,
    formState: { errors },
  } = useForm<KycReviewForm>({
    resolver: zodResolver(kycReviewFormSchema),
    defaultValues: { decision: 'approve', reason: '', note: '' },
    reValidateMode: 'onSubmit',
  });
  const error = errors.reason?.message;
  const noteError = errors.note?.message;
  const u = user.data;
  const unopened = u?.documents.filter((d) => !d.opened).length ?? 0;
  const idPrefix = useId();
  // The server records the opening when the new tab loads the file: read it again shortly after.
  const opened = () => window.setTimeout(() => void user.refetch(), 1000);

  const send = handleSubmit(async (form) => {
    if (!u) return;
    try {
      await decide.mutateAsync({ id: u.id, ...kycDecisionOf(form) });
    } catch {
      // The action's toast says why; the dialog stays open with what was typed.
      return;
    }
    reset();
    onClose();
  });

  return (
    <Dialog open={!!userId} onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="wider">
        <DialogHeader>
          <DialogTitle>Review Documents{u ? `: ${u.name}` : ''}</DialogTitle>
          <DialogDescription>
            Check the documents against the account, then approve or reject with a reason.
          </DialogDescription>
        </DialogHeader>
        {!u ? (
          <p className="text-sm text-muted-foreground">
            {user.error ? 'This user could not be loaded.' : 'Loading…'}
          </p>
        ) : (
          <div className="grid gap-4 text-sm">
            <dl className="grid grid-cols-2 gap-2">
              <dt className="text-muted-foreground">Email</dt>
              <dd>{u.email}</dd>
              <dt className="text-muted-foreground">Role</dt>
              <dd>{ROLE_LABELS[u.role]}</dd>
              <dt className="text-muted-foreground">KYC status</dt>
              <dd>
                <Badge tone={KYC_TONES[u.kycStatus]}>{KYC_STATUS_LABELS[u.kycStatus]}</Badge>
              </dd>
              {u.companyName && (
                <>
                  <dt className="text-muted-foreground">Company</dt>
                  <dd>
                    {u.companyName} {u.registrationNumber && `(${u.registrationNumber})`}
                  </dd>
                </>
              )}
              {u.identityChange?.status === 'pending' && (
                <>
                  <dt className="text-muted-foreground">Identity change asked</dt>
                  <dd>
                    {[u.identityChange.firstName, u.identityChange.lastName].filter(Boolean).join(' ')}
                    {u.identityChange.companyName &&
                      `, ${u.identityChange.companyName}${u.identityChange.registrationNumber ? ` (${u.identityChange.registrationNumber})` : ''}`}
                    <span className="block text-muted-foreground">
                      Verified now: {[u.firstName, u.lastName].filter(Boolean).join(' ') || '—'}
                      {u.companyName && `, ${u.companyName}`}
                    </span>
                  </dd>
                </>
              )}
              <dt className="text-muted-foreground">Country</dt>
              <dd>{u.country ?? '—'}</dd>
              <dt className="text-muted-foreground">Risk score</dt>
              <dd>{u.riskScore}</dd>
            </dl>
            <section aria-label="Documents" className="grid gap-3">
              {u.documents.length === 0 && (
                <p className="text-muted-foreground">No documents uploaded yet.</p>
              )}
              {u.documents.map((d) => (
                <figure key={d.id} className="rounded-md border p-3">
                  <figcaption className="mb-2 flex flex-wrap justify-between gap-2">
                    <span className="flex items-center gap-2 font-medium">
                      {DOCUMENT_KIND_LABELS[d.kind as DocumentKind]}
                      <Badge tone={d.opened ? 'green' : 'amber'}>
                        {d.opened ? 'Opened' : 'Not opened yet'}
                      </Badge>
                    </span>
                    <a
                      className="text-primary underline-offset-4 hover:underline"
                      href={`/api/kyc/documents/${d.id}`}
                      target="_blank"
                      rel="noreferrer"
                      onClick={opened}
                    >
                      Open {d.fileName} ({formatDate(d.createdAt)})
                    </a>
                  </figcaption>
                  {d.contentType.startsWith('image/') && (
                    <img
                      src={`/api/kyc/documents/${d.id}`}
                      alt={`${DOCUMENT_KIND_LABELS[d.kind as DocumentKind]} of ${u.name}`}
                      className="max-h-72 rounded border object-contain"
                      onLoad={d.opened ? undefined : opened}
                    />
                  )}
                </figure>
              ))}
            </section>
            {KYC_WAITING.includes(u.kycStatus) ? (
              <form onSubmit={(e) => void send(e)} noValidate className="grid gap-3">
                <Field id="kyc-reason" label="Reason (required to reject; the user reads it)" error={error}>
                  <Textarea
                    maxLength={1000}
                    {...register('reason', { onChange: () => clearErrors('reason') })}
                    {...fieldA11y('kyc-reason', error)}
                  />
                </Field>
                <Field id="kyc-note" label="Internal note (optional, audit log only)" error={noteError}>
                  <Textarea maxLength={1000} {...register('note')} {...fieldA11y('kyc-note', noteError)} />
                </Field>
                {unopened > 0 && (
                  <p id={`${idPrefix}-approve-why`} role="note" className="text-muted-foreground">
                    Open each document before approving: {unopened} of {u.documents.length} not opened yet.
                  </p>
                )}
                <div className="flex flex-wrap justify-end gap-2">
                  <Button
                    type="submit"
                    variant="destructive"
                    disabled={decide.isPending}
                    onClick={() => setValue('decision', 'reject')}
                  >
                    Reject
                  </Button>
                  <Button
                    disabled={decide.isPending || unopened > 0 || u.documents.length === 0}
                    aria-describedby={unopened > 0 ? `${idPrefix}-approve-why` : undefined}
                    type="submit"
                    onClick={() => setValue('decision', 'approve')}
                  >
                    Approve
                  </Button>
                </div>
              </form>
            ) : (
              <p className="text-muted-foreground">
                This verification is decided{u.kycRejectionReason ? `: ${u.kycRejectionReason}` : ''}.
              </p>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
