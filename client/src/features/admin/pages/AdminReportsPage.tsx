// /admin/reports: the three compliance exports for a date range, and the audit log of every admin
// action (newest first, pages from the server) in words: who did what to whom, the changes as
// "field: before → after", and the row as stored under "Raw data".
import { useState } from 'react';
import { auditActionPhrase, auditChanges, auditChangeText, type AuditEntryRow } from '@domain/admin.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Card, CardContent, CardHeader } from '@/components/ui/card.tsx';
import { Field } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { useAuditLog } from '../api/admin.ts';
import { AdminOnly } from '../components/AdminOnly.tsx';
import { ComplianceCards } from '../components/ComplianceCards.tsx';
import { Table, Td, Th } from '@/components/ui/table.tsx';

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
      <pre className="mt-1 max-w-full font-mono break-all whitespace-pre-wrap">
        {JSON.stringify(raw, null, 2)}
      </pre>
    </details>
  );
}

function AuditRow({ entry: e }: { entry: AuditEntryRow }) {
  const changes = auditChanges(e.before, e.after);
  return (
    <tr className="border-b align-top last:border-0">
      <Td className="py-2 pr-3 whitespace-nowrap">{e.createdAt.replace('T', ' ').slice(0, 19)}</Td>
      <Td className="py-2 pr-3 break-words">
        {e.actorName ?? e.actor}
        {e.actorName && <div className="text-xs break-all text-muted-foreground">{e.actor}</div>}
      </Td>
      <Td className="py-2 pr-3 break-words">
        {auditActionPhrase(e.action)} {targetText(e)}
      </Td>
      <Td className="py-2 pr-3 break-words">{e.reason}</Td>
      <Td className="py-2 break-words">
        {changes.length > 0 && (
          <ul className="grid gap-0.5">
            {changes.map((c) => (
              <li key={c.field}>{auditChangeText(c)}</li>
            ))}
          </ul>
        )}
        <RawData entry={e} />
      </Td>
    </tr>
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
      <Table caption="Audit log" className="text-sm">
        <thead className="text-left text-muted-foreground">
          <tr className="border-b">
            <Th className="py-2 pr-3 font-medium">Time (UTC)</Th>
            <Th className="py-2 pr-3 font-medium">Who</Th>
            <Th className="py-2 pr-3 font-medium">What</Th>
            <Th className="py-2 pr-3 font-medium">Reason</Th>
            <Th className="py-2 font-medium">Changes</Th>
          </tr>
        </thead>
        <tbody>
          {log.data.entries.map((e) => (
            <AuditRow key={e.seq} entry={e} />
          ))}
        </tbody>
      </Table>
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
