// /admin/reports: the three compliance exports for a date range, and the audit log of every admin
// action (newest first, pages from the server) in words: who did what to whom, the changes as
// "field: before → after", and the row as stored under "Raw data".
import { useState } from 'react';
import { auditActionPhrase, auditChanges, auditChangeText, type AuditEntryRow } from '@domain/audit-log.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Card, CardContent, CardHeader } from '@/components/ui/card.tsx';
import { Field } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { useAuditLog } from '../api/admin.ts';
import { AdminOnly } from '../components/AdminOnly.tsx';
import { ComplianceCards } from '../components/ComplianceCards.tsx';

const TITLE = 'Compliance Reports';

/** The target in words; a target the log outlives (or one without a name) by its kind and id. */
function targetText(e: AuditEntryRow) {
  if (e.targetName) return <span className="font-medium">{e.targetName}</span>;
  if (!e.targetId) return <span>a {e.targetType.replace('_', ' ')}</span>;
  return (
    <span className="font-mono text-xs break-all">
      {e.targetType.replace('_', ' ')} {e.targetId}
    </span>
  );
}

/** The row as stored (ids, the action's code, before and after), for a person who needs the record. */
function RawData({ entry }: { entry: AuditEntryRow }) {
  const raw = {
    seq: entry.seq,
    actorId: entry.actorId,
    actor: entry.actor,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  };
  return (
    <details className="mt-1 text-xs text-muted-foreground">
      <summary className="cursor-pointer">Raw data</summary>
      <pre className="mt-1 max-w-full overflow-x-auto font-mono whitespace-pre-wrap break-all">
        {JSON.stringify(raw, null, 2)}
      </pre>
    </details>
  );
}

/** One admin action as a sentence, then when and by which account, why, and what changed. */
function AuditItem({ entry: e }: { entry: AuditEntryRow }) {
  const changes = auditChanges(e.before, e.after);
  return (
    <li className="grid min-w-0 gap-1 py-3">
      <p className="break-words">
        <span className="font-medium">{e.actorName ?? e.actor}</span> {auditActionPhrase(e.action)}{' '}
        {targetText(e)}
      </p>
      <p className="text-xs break-words text-muted-foreground">
        <time dateTime={e.createdAt}>{e.createdAt.replace('T', ' ').slice(0, 19)} UTC</time>
        {e.actorName && <> · {e.actor}</>}
      </p>
      {e.reason && <p className="text-sm break-words">Reason: {e.reason}</p>}
      {changes.length > 0 && (
        <ul aria-label="Changes" className="grid gap-0.5 text-sm break-words">
          {changes.map((c) => (
            <li key={c.field}>{auditChangeText(c)}</li>
          ))}
        </ul>
      )}
      <RawData entry={e} />
    </li>
  );
}

function AuditLog() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  if (!log.data)
    return (
      <p className="text-sm text-muted-foreground">
        {log.error ? 'The audit log could not be loaded.' : 'Loading the audit log…'}
      </p>
    );
  if (log.data.entries.length === 0)
    return <p className="py-6 text-center text-muted-foreground">No admin actions yet</p>;
  return (
    <div className="grid gap-4">
      <ol aria-label="Audit log" className="divide-y">
        {log.data.entries.map((e) => (
          <AuditItem key={e.seq} entry={e} />
        ))}
      </ol>
      <Pagination
        label="Audit log"
        page={log.data.page}
        pageSize={log.data.pageSize}
        total={log.data.total}
        onPage={setPage}
      />
    </div>
  );
}

function Reports() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  return (
    <Page
      title={TITLE}
      lead="Exports for auditors and regulators (CSV, opens in Excel), and every admin action on record."
    >
      <div className="grid gap-6">
        <div className="flex flex-wrap gap-4">
          <Field id="report-from" label="From" className="w-48">
            <Input id="report-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
          </Field>
          <Field id="report-to" label="To" className="w-48">
            <Input id="report-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </Field>
        </div>
        <ComplianceCards from={from} to={to} />
        <Card>
          <CardHeader>
            <h2 className="text-lg leading-tight font-semibold">Audit log</h2>
          </CardHeader>
          <CardContent>
            <AuditLog />
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}

export default function AdminReportsPage() {
  return (
    <AdminOnly title={TITLE}>
      <Reports />
    </AdminOnly>
  );
}
