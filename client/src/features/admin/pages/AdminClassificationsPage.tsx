// /admin/classifications: applications to be treated as a sophisticated investor, oldest first, with
// their criteria and evidence; approve (two years) or reject with a reason the investor reads.
import { useState } from 'react';
import { CLASSIFICATION_CRITERIA, type ClassificationQueue } from '@domain/investor-protection.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { formatDate } from '@/lib/format.ts';
import { useClassificationQueue, useDecideClassification } from '../api/classifications.ts';
import { AdminOnly } from '../components/AdminOnly.tsx';
import { ReasonDialog } from '../components/ReasonDialog.tsx';

const TITLE = 'Investor classification';

const criterionText = (personType: 'natural' | 'legal', id: string) =>
  (CLASSIFICATION_CRITERIA[personType] as Record<string, string>)[id] ?? id;

function Application({ app }: { app: ClassificationQueue[number] }) {
  const decide = useDecideClassification();
  const [rejecting, setRejecting] = useState(false);
  return (
    <Card role="region" aria-label={`Application of ${app.investorName}`}>
      <CardHeader>
        <CardTitle>
          {app.investorName} · {app.personType === 'natural' ? 'a person' : 'a company'}
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {app.investorEmail} · sent {formatDate(app.submittedAt)}
        </p>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <ul className="list-disc pl-5">
          {app.criteria.map((c) => (
            <li key={c}>{criterionText(app.personType, c)}</li>
          ))}
        </ul>
        {app.statement && <p className="whitespace-pre-line text-muted-foreground">{app.statement}</p>}
        <ul className="flex flex-wrap gap-3">
          {app.documents.map((d) => (
            <li key={d.id}>
              <a
                className="font-medium text-primary underline-offset-4 hover:underline"
                href={`/api/investor/classification/documents/${d.id}`}
                target="_blank"
                rel="noreferrer"
              >
                {d.fileName}
              </a>
            </li>
          ))}
        </ul>
        <div className="flex gap-2">
          <Button
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id: app.id, decision: 'approve' })}
          >
            Approve for two years
          </Button>
          <Button variant="outline" onClick={() => setRejecting(true)}>
            Reject
          </Button>
        </div>
        <ReasonDialog
          open={rejecting}
          title="Reject this application"
          description="The investor reads your reason and may apply again."
          confirm="Reject"
          busy={decide.isPending}
          onConfirm={(reason) => decide.mutateAsync({ id: app.id, decision: 'reject', reason })}
          onClose={() => setRejecting(false)}
        />
      </CardContent>
    </Card>
  );
}

export default function AdminClassificationsPage() {
  const queue = useClassificationQueue();
  return (
    <AdminOnly title={TITLE}>
      <Page
        title={TITLE}
        lead="Applications to be treated as a sophisticated investor, oldest first. Open the evidence before deciding."
      >
        {queue.isPending ? (
          <p aria-busy="true">Loading…</p>
        ) : queue.error ? (
          <p role="alert" className="text-destructive">
            The queue could not be loaded. Please try again.
          </p>
        ) : queue.data.length === 0 ? (
          <p className="text-muted-foreground">No applications waiting.</p>
        ) : (
          <div className="grid gap-4">
            {queue.data.map((app) => (
              <Application key={app.id} app={app} />
            ))}
          </div>
        )}
      </Page>
    </AdminOnly>
  );
}
