// The admin console's writes (issue 12's fixed contract). Each refreshes every admin read after it
// (one prefix), and tells the admin what happened.
import type { KycDecision, Resolution } from '@domain/admin.ts';
import { ADMIN_API } from '@domain/endpoints/admin.ts';
import { callApi } from '@/lib/api.ts';
import { useAdminAction } from './use-admin-action.ts';

export const useKycDecision = () =>
  useAdminAction(
    ({ id, ...decision }: KycDecision & { id: string }) =>
      callApi(ADMIN_API.decideKyc, { params: { id }, body: decision }),
    (user) => ({
      title: user.kycStatus === 'approved' ? 'KYC Approved' : 'KYC Rejected',
      description: `${user.name} is now ${user.kycStatus === 'approved' ? 'verified' : 'asked to re-submit'}.`,
    }),
  );

export const useSuspend = () =>
  useAdminAction(
    ({ id, reason }: { id: string; reason: string }) =>
      callApi(ADMIN_API.suspend, { params: { id }, body: { reason } }),
    (user) => ({ title: 'User Suspended', description: `${user.name} is signed out and cannot sign in.` }),
  );

export const useReactivate = () =>
  useAdminAction(
    ({ id }: { id: string }) => callApi(ADMIN_API.reactivate, { params: { id } }),
    (user) => ({ title: 'User Reactivated', description: `${user.name} can sign in again.` }),
  );

export const useResolveDispute = () =>
  useAdminAction(
    ({ id, ...resolution }: Resolution & { id: string }) =>
      callApi(ADMIN_API.resolveDispute, { params: { id }, body: resolution }),
    (record) => ({
      title: 'Dispute Resolved',
      description:
        record.status === 'refunded' ? 'The investor has been refunded.' : 'The funds were released.',
    }),
  );

export const useDecideRoleRequest = () =>
  useAdminAction(
    ({ id, decision }: { id: string; decision: 'approve' | 'decline' }) =>
      callApi(ADMIN_API.decideRoleRequest, { params: { id }, body: { decision } }),
    (r) => ({
      title: r.status === 'approved' ? 'Role Changed' : 'Role Request Declined',
      description: `${r.name} has been told by email.`,
    }),
  );
