// GET /api/orders/:id/certificate: a delivered order's cancellation statement (its buyer, supplier, admins).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CancellationStatement } from '@domain/origin.ts';
import { getJson, keyToUrl } from '@/lib/api.ts';

export const statementQuery = (orderId: string) =>
  queryOptions<CancellationStatement>({
    queryKey: ['/api/orders', orderId, 'certificate'],
    queryFn: ({ queryKey, signal }) => getJson<CancellationStatement>(keyToUrl(queryKey), { signal }),
  });

export const useStatement = (orderId: string) => useQuery(statementQuery(orderId));
