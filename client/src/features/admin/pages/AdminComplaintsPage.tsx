// /admin/complaints: the complaints queue — open ones first, the nearest decision deadline first,
// overdue ones marked — and, for one complaint, its text and attachment and the outcome form
// (upheld / partly upheld / rejected with a written response, emailed to the complainant).
import { useState } from 'react';
import {
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_OUTCOME_LABELS,
  COMPLAINT_OUTCOMES,
  COMPLAINT_RESPONSE_MAX,
  COMPLAINT_RESPONSE_MIN,
  COMPLAINT_MESSAGES,
  COMPLAINT_STATUS_LABELS,
  type AdminComplaint,
  type ComplaintOutcome,
} from '@domain/complaints.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Field, fieldA11y } from '@/components/ui/form-field.tsx';
import { NativeSelect } from '@/components/ui/input.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { formatDate } from '@/lib/format.ts';
import { useComplaintQueue, useDecideComplaint } from '../api/complaints.ts';
import { AdminOnly } from '../components/AdminOnly.tsx';
import { Table, Td, Th } from '@/components/ui/table.tsx';

const TITLE = 'Complaints';

function ComplaintDialog({ complaint, onClose }: { complaint: AdminComplaint; onClose: () => void }) {
  const decide = useDecideComplaint();
  const [outcome, setOutcome] = useState<ComplaintOutcome | ''>('');
  const [response, setResponse] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    const local: Record<string, string> = {};
    if (!outcome) local.outcome = COMPLAINT_MESSAGES.outcome;
    if (response.trim().length < COMPLAINT_RESPONSE_MIN) local.response = COMPLAINT_MESSAGES.responseShort;
    setErrors(local);
    if (!outcome || Object.keys(local).length) return;
    try {
      await decide.mutateAsync({ id: complaint.id, outcome, response });
      onClose();
    } catch {
      // The toast says why; the dialog stays open.
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Complaint {complaint.reference}</DialogTitle>
          <DialogDescription>
            {COMPLAINT_CATEGORY_LABELS[complaint.category]} · from {complaint.complainant.name} (
            {complaint.complainant.role}) · received {formatDate(complaint.receivedAt)}
          </DialogDescription>
        </DialogHeader>
        <p className="max-h-48 overflow-y-auto whitespace-pre-line rounded-md bg-muted p-3 text-sm">
          {complaint.text}
        </p>
        {complaint.attachment && (
          <p className="text-sm">
            <a
              className="underline"
              href={`/api/complaints/${complaint.id}/attachment`}
              target="_blank"
              rel="noreferrer"
            >
              Open the attachment ({complaint.attachment.fileName})
            </a>
          </p>
        )}
        {complaint.status === 'decided' ? (
          <div className="text-sm">
            <p className="font-semibold">
              {COMPLAINT_OUTCOME_LABELS[complaint.outcome!]} by {complaint.decidedBy} on{' '}
              {formatDate(complaint.decidedAt!)}
            </p>
            <p className="mt-1 whitespace-pre-line">{complaint.response}</p>
          </div>
        ) : (
          <div className="grid gap-4">
            <Field id="complaint-outcome" label="Outcome" error={errors.outcome}>
              <NativeSelect
                value={outcome}
                onChange={(e) => setOutcome(e.target.value as ComplaintOutcome)}
                {...fieldA11y('complaint-outcome', errors.outcome)}
              >
                <option value="" disabled>
                  Choose an outcome
                </option>
                {COMPLAINT_OUTCOMES.map((o) => (
                  <option key={o} value={o}>
                    {COMPLAINT_OUTCOME_LABELS[o]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field
              id="complaint-response"
              label="Response to the complainant"
              error={errors.response}
              hint="Emailed to them as written, with the outcome."
            >
              <Textarea
                rows={6}
                value={response}
                maxLength={COMPLAINT_RESPONSE_MAX}
                onChange={(e) => setResponse(e.target.value)}
                {...fieldA11y('complaint-response', errors.response, { hint: true })}
              />
            </Field>
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={() => void submit()} disabled={decide.isPending}>
                {decide.isPending ? 'Recording…' : 'Record outcome'}
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Queue() {
  const queue = useComplaintQueue();
  const [open, setOpen] = useState<string | null>(null);
  if (!queue.data)
    return (
      <p className="text-sm text-muted-foreground">
        {queue.error ? 'The queue could not be loaded.' : 'Loading…'}
      </p>
    );
  if (!queue.data.length) return <p className="text-sm text-muted-foreground">No complaints.</p>;
  const current = queue.data.find((c) => c.id === open);
  return (
    <>
      <div className="relative overflow-x-auto">
        <Table caption="Complaints, open ones by deadline first" className="text-left text-sm">
          <thead className="text-muted-foreground">
            <tr>
              <Th className="py-2 pr-4 font-medium">Reference</Th>
              <Th className="py-2 pr-4 font-medium">Category</Th>
              <Th className="py-2 pr-4 font-medium">Received</Th>
              <Th className="py-2 pr-4 font-medium">Decide by</Th>
              <Th className="py-2 pr-4 font-medium">Status</Th>
              <Th className="py-2 font-medium">
                <span className="sr-only">Open</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {queue.data.map((c) => (
              <tr key={c.id} className={c.overdue ? 'border-t bg-red-50 dark:bg-red-950/40' : 'border-t'}>
                <Td className="py-2 pr-4 font-mono">{c.reference}</Td>
                <Td className="py-2 pr-4">{COMPLAINT_CATEGORY_LABELS[c.category]}</Td>
                <Td className="py-2 pr-4">{formatDate(c.receivedAt)}</Td>
                <Td className="py-2 pr-4">{c.status === 'open' ? formatDate(c.decisionDueAt) : '—'}</Td>
                <Td className="py-2 pr-4">
                  {c.overdue ? (
                    <Badge tone="red">Overdue</Badge>
                  ) : c.status === 'open' ? (
                    <Badge tone="amber">{COMPLAINT_STATUS_LABELS.open}</Badge>
                  ) : (
                    <Badge tone="green">{COMPLAINT_OUTCOME_LABELS[c.outcome!]}</Badge>
                  )}
                </Td>
                <Td className="py-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setOpen(c.id)}
                    aria-label={`Open ${c.reference}`}
                  >
                    Open
                  </Button>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {current && <ComplaintDialog complaint={current} onClose={() => setOpen(null)} />}
    </>
  );
}

export default function AdminComplaintsPage() {
  return (
    <AdminOnly title={TITLE}>
      <Page
        title={TITLE}
        lead="Every complaint: open ones first, the nearest decision deadline first; overdue ones in red."
      >
        <Card>
          <CardContent className="pt-6">
            <Queue />
          </CardContent>
        </Card>
      </Page>
    </AdminOnly>
  );
}
