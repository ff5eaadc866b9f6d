// GET /api/admin/money: the settlements awaiting review, due and in default, and the staged releases
// awaiting an admin's confirmation (oldest first: what waits longest on top).
import { useQuery } from '@tanstack/react-query';
import { CAMPAIGN_API } from '@domain/endpoints/campaigns.ts';
import { apiQuery } from '@/lib/api.ts';

export const adminMoneyQuery = () => apiQuery(CAMPAIGN_API.adminMoney);

export const useAdminMoney = () => useQuery(adminMoneyQuery());
