// /admin/escrow: every escrow record, filtered by status and campaign (part of its title, or its id
// pasted), with the totals per status and the disputes to resolve. Pages come from the server.
import { useState } from 'react';
import { ESCROW_STATUS_LABELS, ESCROW_STATUSES, type EscrowStatus } from '@domain/investments.ts';
import { Page } from '@/components/layouts/page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Field } from '@/components/ui/form-field.tsx';
import { Input, NativeSelect } from '@/components/ui/input.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { StatCard } from '@/components/ui/stat-card.tsx';
import { useDebouncedValue } from '@/hooks/use-debounced-value.ts';
import { formatUsdCents } from '@/lib/format.ts';
import { useAdminEscrow } from '../api/admin.ts';
import { AdminOnly } from '../components/AdminOnly.tsx';
import { EscrowTable } from '../components/EscrowTable.tsx';

const TITLE = 'Escrow Monitoring';

function Escrow() {
  const [status, setStatus] = useState<EscrowStatus | ''>('');
  const [campaign, setCampaign] = useState('');
  const [page, setPage] = useState(1);
  // One request per pause in typing, not per key.
  const list = useAdminEscrow(status, useDebouncedValue(campaign), page);
  return (
    <Page title={TITLE} lead="Funds held in escrow per campaign, released, refunded and disputed.">
      <div className="grid gap-6">
        <div className="flex flex-wrap items-end gap-4">
          <Field id="escrow-status" label="Status" className="w-48">
            <NativeSelect
              id="escrow-status"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as EscrowStatus | '');
                setPage(1);
              }}
            >
              <option value="">All statuses</option>
              {ESCROW_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ESCROW_STATUS_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            id="escrow-campaign"
            label="Campaign"
            hint="Type part of a campaign's title (or paste its id) to see its records only"
            className="w-full sm:w-96"
          >
            <Input
              id="escrow-campaign"
              type="search"
              placeholder="Campaign title"
              value={campaign}
              aria-describedby="escrow-campaign-hint"
              onChange={(e) => {
                setCampaign(e.target.value);
                setPage(1);
              }}
            />
          </Field>
          {(status || campaign) && (
            <Button variant="outline" onClick={() => (setStatus(''), setCampaign(''), setPage(1))}>
              Clear filters
            </Button>
          )}
        </div>
        {list.data && (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {ESCROW_STATUSES.map((s) => (
              <StatCard key={s} label={ESCROW_STATUS_LABELS[s]} value={formatUsdCents(list.data.totals[s])}>
                of the records shown
              </StatCard>
            ))}
          </ul>
        )}
        <Card>
          <CardContent className="grid gap-4 pt-6">
            {!list.data ? (
              <p className="text-sm text-muted-foreground">
                {list.error ? 'Escrow records could not be loaded.' : 'Loading escrow records…'}
              </p>
            ) : (
              <>
                <EscrowTable
                  records={list.data.records}
                  empty={
                    campaign.trim()
                      ? `No escrow records of a campaign matching “${campaign.trim()}”`
                      : 'No active escrow transactions'
                  }
                />
                <Pagination
                  label="Escrow records"
                  page={list.data.page}
                  pageSize={list.data.pageSize}
                  total={list.data.total}
                  onPage={setPage}
                />
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}

export default function AdminEscrowPage() {
  return (
    <AdminOnly title={TITLE}>
      <Escrow />
    </AdminOnly>
  );
}
