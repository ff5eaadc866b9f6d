// /admin/certificates: Guarantees of Origin traders entered, to check against the issuing body's
// document — approve, or reject with a reason the trader reads (both in the audit log).
import { useState } from 'react';
import { CERTIFICATE_STATUSES, CERTIFICATE_STATUS_LABELS, type CertificateStatus } from '@domain/origin.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Field, fieldA11y } from '@/components/ui/form-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { CertificateFacts, useCertificates, useReviewCertificate } from '@/features/origin/index.ts';
import { AdminOnly } from '../components/AdminOnly.tsx';

const TITLE = 'Guarantees of Origin';

function Decision({ id }: { id: string }) {
  const review = useReviewCertificate();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const fieldId = `reject-reason-${id}`;
  const reject = () => {
    if (!reason.trim()) return setError('Give the reason the trader will read');
    setError(undefined);
    review.mutate({ id, decision: 'reject', reason });
  };
  return (
    <div className="grid gap-3 border-t pt-3">
      <Field id={fieldId} label="Reason for a rejection" error={error}>
        <Textarea
          rows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          {...fieldA11y(fieldId, error)}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => review.mutate({ id, decision: 'approve' })} disabled={review.isPending}>
          Approve
        </Button>
        <Button variant="outline" onClick={reject} disabled={review.isPending}>
          Reject
        </Button>
      </div>
    </div>
  );
}

function Certificates() {
  const certificates = useCertificates();
  const [status, setStatus] = useState<CertificateStatus>('pending');
  if (!certificates.data)
    return (
      <p className="text-sm text-muted-foreground">
        {certificates.error ? 'The certificates could not be loaded.' : 'Loading…'}
      </p>
    );
  const shown = certificates.data.filter((c) => c.status === status);
  return (
    <>
      <div role="group" aria-label="Show" className="mb-4 flex flex-wrap gap-2">
        {CERTIFICATE_STATUSES.map((s) => (
          <Button
            key={s}
            size="sm"
            variant={s === status ? 'default' : 'outline'}
            aria-pressed={s === status}
            onClick={() => setStatus(s)}
          >
            {CERTIFICATE_STATUS_LABELS[s]} ({certificates.data.filter((c) => c.status === s).length})
          </Button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">No certificates here.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {shown.map((c) => (
            <li key={c.id}>
              <Card>
                <CardContent className="grid gap-3 pt-6">
                  <CertificateFacts certificate={c} />
                  {c.status === 'pending' && <Decision id={c.id} />}
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export default function AdminCertificatesPage() {
  return (
    <AdminOnly title={TITLE}>
      <Page
        title={TITLE}
        lead="Check each certificate against the issuing body's document before buyers rely on it. An approval sets the carbon figure its campaign or listing shows; a delivery cancels its volume in the buyer's name."
      >
        <Certificates />
      </Page>
    </AdminOnly>
  );
}
