// GET /api/orders/:id/certificate: a delivered order's cancellation statement (its buyer, supplier, admins).
import { useQuery } from '@tanstack/react-query';
import { ORIGIN_API } from '@domain/endpoints/origin.ts';
import { apiQuery } from '@/lib/api.ts';

export const statementQuery = (orderId: string) =>
  apiQuery(ORIGIN_API.statement, { params: { id: orderId } });

export const useStatement = (orderId: string) => useQuery(statementQuery(orderId));
