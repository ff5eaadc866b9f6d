// GET /api/admin/money: the settlements awaiting review, due and in default, and the staged releases
// awaiting an admin's confirmation (oldest first: what waits longest on top).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminRelease, AdminSettlement } from '@domain/money-out.ts';
import { ADMIN_PREFIX } from './admin.ts';

export interface AdminMoney {
  settlements: AdminSettlement[];
  releases: AdminRelease[];
}

export const adminMoneyQuery = () => queryOptions<AdminMoney>({ queryKey: [`${ADMIN_PREFIX}/money`] });

export const useAdminMoney = () => useQuery(adminMoneyQuery());
