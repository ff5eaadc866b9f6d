// Role change requests waiting for an admin (spec §1, §3): approve (the user's one role changes) or
// decline; the user is told by email.
import { useState } from 'react';
import { ROLE_LABELS } from '@domain/users.ts';
import { Button } from '@/components/ui/button.tsx';
import { Pagination } from '@/components/ui/pagination.tsx';
import { formatDate } from '@/lib/format.ts';
import { useRoleRequests } from '../api/admin.ts';
import { useDecideRoleRequest } from '../api/admin-actions.ts';

export function RoleRequests() {
  const [page, setPage] = useState(1);
  const list = useRoleRequests(page);
  const decide = useDecideRoleRequest();
  if (!list.data)
    return (
      <p className="text-sm text-muted-foreground">
        {list.error ? 'Role requests could not be loaded.' : 'Loading…'}
      </p>
    );
  if (list.data.requests.length === 0)
    return <p className="py-6 text-center text-muted-foreground">No pending role requests</p>;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3 text-sm">
        {list.data.requests.map((r) => (
          <li
            key={r.id}
            className="flex flex-wrap items-center justify-between gap-2 border-b pb-3 last:border-0"
          >
            <div>
              <div className="font-medium">{r.name}</div>
              <div className="text-muted-foreground">
                {ROLE_LABELS[r.currentRole]} → {ROLE_LABELS[r.newRole]}, asked {formatDate(r.createdAt)}
              </div>
            </div>
            <div className="flex gap-2">
              <Button
                size="sm"
                disabled={decide.isPending}
                onClick={() => decide.mutate({ id: r.id, decision: 'approve' })}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={decide.isPending}
                onClick={() => decide.mutate({ id: r.id, decision: 'decline' })}
              >
                Decline
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Pagination
        label="Role requests"
        page={list.data.page}
        pageSize={list.data.pageSize}
        total={list.data.total}
        onPage={setPage}
      />
    </div>
  );
}
