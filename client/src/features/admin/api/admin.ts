// The admin console's reads: dashboard, users, one user, escrow records, audit log. The query key is
// the URL (spec §7). Writes are in admin-actions.ts.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { UserTab } from '@domain/admin.ts';
import { ADMIN_API } from '@domain/endpoints/admin.ts';
import type { EscrowStatus } from '@domain/investments.ts';
import { apiQuery } from '@/lib/api.ts';

/** Every admin read starts with this: one invalidation refreshes the console after an action. */
export const ADMIN_PREFIX = '/api/admin';

const url = (path: string, params: Record<string, string | number | undefined> = {}) => {
  const search = new URLSearchParams(
    Object.entries(params).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])),
  ).toString();
  return `${ADMIN_PREFIX}${path}${search ? `?${search}` : ''}`;
};

export const dashboardQuery = () => apiQuery(ADMIN_API.dashboard);
export const useAdminDashboard = () => useQuery(dashboardQuery());

export const usersQuery = (tab: UserTab, q: string, page: number) =>
  queryOptions({
    ...apiQuery(ADMIN_API.users, { query: { tab, q, page } }),
    placeholderData: keepPreviousData,
  });
export const useAdminUsers = (tab: UserTab, q: string, page: number) => useQuery(usersQuery(tab, q, page));

export const userQuery = (id: string) => apiQuery(ADMIN_API.user, { params: { id } });
export const useAdminUser = (id: string | null) => useQuery({ ...userQuery(id ?? ''), enabled: !!id });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `campaign` is what the admin typed: part of a campaign's title, or a campaign's id pasted. */
export const escrowQuery = (status: EscrowStatus | '', campaign: string, page: number) => {
  const text = campaign.trim();
  const byId = UUID.test(text);
  return queryOptions({
    ...apiQuery(ADMIN_API.escrow, {
      query: {
        status: status || undefined,
        campaignId: byId ? text : undefined,
        campaign: !byId && text ? text : undefined,
        page,
      },
    }),
    placeholderData: keepPreviousData,
  });
};
export const useAdminEscrow = (status: EscrowStatus | '', campaign: string, page: number) =>
  useQuery(escrowQuery(status, campaign, page));

export const auditQuery = (page: number) =>
  queryOptions({ ...apiQuery(ADMIN_API.auditLog, { query: { page } }), placeholderData: keepPreviousData });
export const useAuditLog = (page: number) => useQuery(auditQuery(page));

/** The export's address (a download, not a query). */
export const reportUrl = (report: string, from: string, to: string) =>
  url(`/reports/${report}.csv`, { from, to });

export const roleRequestsQuery = (page: number) =>
  queryOptions({
    ...apiQuery(ADMIN_API.roleRequests, { query: { page } }),
    placeholderData: keepPreviousData,
  });
export const useRoleRequests = (page: number) => useQuery(roleRequestsQuery(page));
