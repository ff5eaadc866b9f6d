// /admin/reports: the three compliance exports for a date range, and the audit log of every admin
// action (newest first, pages from the server).
import { useState } from 'react';
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

const summary = (value: unknown) => (value == null ? '' : JSON.stringify(value));

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
      <div className="relative overflow-x-auto">
        <Table caption="Audit log" className="text-sm">
          <thead className="text-left text-muted-foreground">
            <tr className="border-b">
              <Th className="py-2 pr-3 font-medium">Time (UTC)</Th>
              <Th className="py-2 pr-3 font-medium">Who</Th>
              <Th className="py-2 pr-3 font-medium">Action</Th>
              <Th className="py-2 pr-3 font-medium">Target</Th>
              <Th className="py-2 pr-3 font-medium">Reason</Th>
              <Th className="py-2 font-medium">Before → after</Th>
            </tr>
          </thead>
          <tbody>
            {log.data.entries.map((e) => (
              <tr key={e.seq} className="border-b align-top last:border-0">
                <Td className="py-2 pr-3 whitespace-nowrap">{e.createdAt.replace('T', ' ').slice(0, 19)}</Td>
                <Td className="py-2 pr-3">{e.actor}</Td>
                <Td className="py-2 pr-3 font-mono text-xs">{e.action}</Td>
                <Td className="py-2 pr-3 font-mono text-xs break-all">
                  {e.targetType} {e.targetId}
                </Td>
                <Td className="py-2 pr-3">{e.reason}</Td>
                <Td className="py-2 font-mono text-xs break-all">
                  {summary(e.before)} → {summary(e.after)}
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
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
