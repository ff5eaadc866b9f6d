// /admin/jobs: the background work (docs/jobs.md) — refunds, payouts, emails, sweeps — what waits per
// job, and the dead letters: jobs that failed every attempt, with their last error and what they were
// about, each sent back to its queue with "Retry" (asked first, recorded in the audit log).
import { useState } from 'react';
import type { DeadJob } from '@domain/jobs.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { useAdminJobs, useRetryJob } from '../api/jobs.ts';
import { AdminOnly } from '../components/AdminOnly.tsx';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { EmptyList } from '../components/MoneyItem.tsx';

const TITLE = 'Background Jobs';
const LEAD = 'Refunds, payouts, emails and sweeps run in the background, retried when they fail.';

function DeadJobItem({ job, onRetry }: { job: DeadJob; onRetry: () => void }) {
  const headingId = `dead-${job.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="grid gap-2 rounded-lg border p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={headingId} className="font-semibold break-words">
              {job.label}
            </h3>
            <p className="text-sm text-muted-foreground">Failed {formatDateTime(job.failedAt)}</p>
          </div>
          <Button size="sm" variant="outline" onClick={onRetry}>
            Retry<span className="sr-only"> {job.label}</span>
          </Button>
        </div>
        <p className="text-sm break-words">
          <span className="text-muted-foreground">Last error: </span>
          {job.error}
        </p>
        {Object.keys(job.data).length > 0 && (
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            {Object.entries(job.data).map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="text-muted-foreground">{key}</dt>
                <dd className="font-mono text-xs break-all">
                  {Array.isArray(value) ? value.join(', ') : String(value)}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </article>
    </li>
  );
}

function Jobs() {
  const jobs = useAdminJobs();
  const retry = useRetryJob();
  const [asked, setAsked] = useState<DeadJob | null>(null);
  if (!jobs.data)
    return (
      <Page title={TITLE} lead={jobs.error ? 'The jobs could not be loaded. Please try again later.' : LEAD}>
        {!jobs.error && (
          <p aria-busy="true" className="text-muted-foreground">
            Loading jobs…
          </p>
        )}
      </Page>
    );
  const { waiting, dead } = jobs.data;
  return (
    <Page title={TITLE} lead={LEAD}>
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <h2 id="jobs-waiting" className="text-lg leading-tight font-semibold">
              Waiting or running
            </h2>
            <CardDescription>Jobs not finished yet, including those waiting for a retry.</CardDescription>
          </CardHeader>
          <CardContent>
            <section aria-labelledby="jobs-waiting">
              {waiting.length === 0 ? (
                <EmptyList>Nothing is waiting</EmptyList>
              ) : (
                <dl className="grid gap-2 sm:grid-cols-2">
                  {waiting.map((w) => (
                    <div
                      key={w.queue}
                      className="flex items-baseline justify-between gap-4 rounded-md border p-3"
                    >
                      <dt className="text-sm">{w.label}</dt>
                      <dd className="font-semibold tabular-nums">{w.count}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </section>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 id="jobs-dead" className="text-lg leading-tight font-semibold">
              Failed jobs{' '}
              <span className="text-sm font-normal text-muted-foreground tabular-nums">({dead.length})</span>
            </h2>
            <CardDescription>
              Each failed every attempt (the last about four hours after the first for refunds and payouts).
              Fix the cause — the provider, a bank account — then retry: each job is safe to run again.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <section aria-labelledby="jobs-dead">
              {dead.length === 0 ? (
                <EmptyList>No failed jobs</EmptyList>
              ) : (
                <ul className="grid gap-4">
                  {dead.map((job) => (
                    <DeadJobItem key={job.id} job={job} onRetry={() => setAsked(job)} />
                  ))}
                </ul>
              )}
            </section>
          </CardContent>
        </Card>
      </div>
      <ConfirmDialog
        open={asked !== null}
        title="Retry this job"
        description={
          asked
            ? `${asked.label} runs again from its first attempt. It changes nothing that is already done.`
            : ''
        }
        confirm="Retry"
        busy={retry.isPending}
        onConfirm={() => retry.mutateAsync({ id: asked!.id, label: asked!.label })}
        onClose={() => setAsked(null)}
      />
    </Page>
  );
}

export default function AdminJobsPage() {
  return (
    <AdminOnly title={TITLE}>
      <Jobs />
    </AdminOnly>
  );
}
