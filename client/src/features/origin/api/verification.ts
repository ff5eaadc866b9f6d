// GET /api/verify/:code: a cancellation statement's facts, for anyone (signed out too).
import { useQuery } from '@tanstack/react-query';
import { ORIGIN_API } from '@domain/endpoints/origin.ts';
import { apiQuery } from '@/lib/api.ts';

export const verificationQuery = (code: string) => apiQuery(ORIGIN_API.verify, { params: { code } });

export const useVerification = (code: string) => useQuery(verificationQuery(code));
