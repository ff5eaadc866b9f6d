// User management (spec §2): tabs All Users / Pending KYC (Approve, Reject, Review Documents) / Active
// (Suspend) / Suspended (Reactivate), a search, and pages from the server. Pending KYC is the review
// queue, oldest first (the full /admin/kyc page shows it alone).
import { useState } from 'react';
import {
  USER_TAB_EMPTY,
  USER_TAB_LABELS,
  USER_TABS,
  type AdminUserRow,
  type UserTab,
} from '@domain/admin.ts';
import { KYC_STATUS_LABELS, ROLE_LABELS } from '@domain/users.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { TabList, tabPanelProps } from '@/components/ui/tabs.tsx';
import { useDebouncedValue } from '@/hooks/use-debounced-value.ts';
import { formatDate } from '@/lib/format.ts';
import { KYC_TONES } from '@/features/accounts/index.ts';
import { useAdminUsers } from '../api/admin.ts';
import { useKycDecision, useReactivate, useSuspend } from '../api/admin-actions.ts';
import { riskTone } from './admin-labels.ts';
import { KycReviewDialog } from './KycReviewDialog.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
import { Table, Td, Th } from '@/components/ui/table.tsx';

export function UserManagement({
  tabs = USER_TABS,
  idPrefix = 'users',
}: {
  tabs?: readonly UserTab[];
  idPrefix?: string;
}) {
  const [tab, setTab] = useState<UserTab>(tabs[0]!);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(q.trim(), 300);
  const list = useAdminUsers(tab, search, page);
  const [reviewing, setReviewing] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<AdminUserRow | null>(null);
  const [suspending, setSuspending] = useState<AdminUserRow | null>(null);
  const decide = useKycDecision();
  const suspend = useSuspend();
  const reactivate = useReactivate();

  const actions = (u: AdminUserRow) => {
    if (tab === 'pending-kyc')
      return (
        <>
          {/* Approval needs every document opened: Approve leads to them (the review dialog). */}
          <Button size="sm" onClick={() => setReviewing(u.id)}>
            Approve
          </Button>
          <Button size="sm" variant="destructive" onClick={() => setRejecting(u)}>
            Reject
          </Button>
          <Button size="sm" variant="outline" onClick={() => setReviewing(u.id)}>
            Review Documents
          </Button>
        </>
      );
    if (u.accountStatus === 'suspended')
      return (
        <Button
          size="sm"
          variant="outline"
          disabled={reactivate.isPending}
          onClick={() => reactivate.mutate({ id: u.id })}
        >
          Reactivate
        </Button>
      );
    if (tab === 'active' && u.role !== 'admin')
      return (
        <Button size="sm" variant="outline" onClick={() => setSuspending(u)}>
          Suspend
        </Button>
      );
    return (
      <Button size="sm" variant="ghost" onClick={() => setReviewing(u.id)}>
        View
      </Button>
    );
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        {tabs.length > 1 && (
          <TabList
            idPrefix={idPrefix}
            label="Users"
            tabs={tabs}
            value={tab}
            onValueChange={(t) => {
              setTab(t);
              setPage(1);
            }}
            renderTab={(t) => USER_TAB_LABELS[t]}
            className="sm:w-auto"
          />
        )}
        <Input
          type="search"
          aria-label="Search users by name, email or company"
          placeholder="Search name, email or company"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
          className="max-w-xs"
        />
      </div>
      <div {...(tabs.length > 1 ? tabPanelProps(idPrefix, tab) : {})} className="relative overflow-x-auto">
        {!list.data ? (
          <p className="text-sm text-muted-foreground">
            {list.error ? 'Users could not be loaded.' : 'Loading users…'}
          </p>
        ) : list.data.users.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">{USER_TAB_EMPTY[tab]}</p>
        ) : (
          <Table caption={USER_TAB_LABELS[tab]} className="text-sm">
            <thead className="text-left text-muted-foreground">
              <tr className="border-b">
                <Th className="py-2 pr-3 font-medium">Name</Th>
                <Th className="py-2 pr-3 font-medium">Role</Th>
                <Th className="py-2 pr-3 font-medium">KYC</Th>
                <Th className="py-2 pr-3 font-medium">Account</Th>
                <Th className="py-2 pr-3 font-medium">Registered</Th>
                <Th numeric className="py-2 pr-3 font-medium">
                  Transactions
                </Th>
                <Th numeric className="py-2 pr-3 font-medium">
                  Risk
                </Th>
                <Th className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {list.data.users.map((u) => (
                <tr key={u.id} className="border-b last:border-0">
                  <Td className="py-2 pr-3">
                    <div className="font-medium">{u.name}</div>
                    <div className="text-muted-foreground">{u.email}</div>
                  </Td>
                  <Td className="py-2 pr-3">{ROLE_LABELS[u.role]}</Td>
                  <Td className="py-2 pr-3">
                    <Badge tone={KYC_TONES[u.kycStatus]}>{KYC_STATUS_LABELS[u.kycStatus]}</Badge>
                  </Td>
                  <Td className="py-2 pr-3">
                    <Badge tone={u.accountStatus === 'active' ? 'green' : 'red'}>
                      {u.accountStatus === 'active' ? 'Active' : 'Suspended'}
                    </Badge>
                  </Td>
                  <Td className="py-2 pr-3">{formatDate(u.registrationDate)}</Td>
                  <Td numeric className="py-2 pr-3">
                    {u.totalTransactions}
                  </Td>
                  <Td numeric className="py-2 pr-3">
                    <Badge tone={riskTone(u.riskScore)}>{u.riskScore}</Badge>
                  </Td>
                  <Td className="py-2">
                    <div className="flex flex-wrap justify-end gap-2">{actions(u)}</div>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </div>
      {list.data && (
        <Pagination
          label="Users"
          page={list.data.page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onPage={setPage}
        />
      )}
      <KycReviewDialog userId={reviewing} onClose={() => setReviewing(null)} />
      <ReasonDialog
        open={!!rejecting}
        title={`Reject ${rejecting?.name ?? ''}`}
        description="The user reads this reason on their Verification page and may send new documents."
        confirm="Reject"
        busy={decide.isPending}
        onConfirm={(reason) => decide.mutateAsync({ id: rejecting!.id, decision: 'reject', reason })}
        onClose={() => setRejecting(null)}
      />
      <ReasonDialog
        open={!!suspending}
        title={`Suspend ${suspending?.name ?? ''}`}
        description="Their sessions end at once, they cannot sign in, and a trader's campaigns take no new investments until reactivated."
        confirm="Suspend"
        busy={suspend.isPending}
        onConfirm={(reason) => suspend.mutateAsync({ id: suspending!.id, reason })}
        onClose={() => setSuspending(null)}
      />
    </div>
  );
}
