// The admin console's writes (issue 12's fixed contract). Each refreshes every admin read after it
// (one prefix), and tells the admin what happened.
import type { AdminUserDetail, EscrowRow, KycDecision, Resolution, RoleRequestRow } from '@domain/admin.ts';
import { apiJson } from '@/lib/api.ts';
import { ADMIN_PREFIX } from './admin.ts';
import { useAdminAction } from './use-admin-action.ts';

export const useKycDecision = () =>
  useAdminAction(
    ({ id, ...decision }: KycDecision & { id: string }) =>
      apiJson<AdminUserDetail>('POST', `${ADMIN_PREFIX}/users/${id}/kyc`, decision),
    (user) => ({
      title: user.kycStatus === 'approved' ? 'KYC Approved' : 'KYC Rejected',
      description: `${user.name} is now ${user.kycStatus === 'approved' ? 'verified' : 'asked to re-submit'}.`,
    }),
  );

export const useSuspend = () =>
  useAdminAction(
    ({ id, reason }: { id: string; reason: string }) =>
      apiJson<AdminUserDetail>('POST', `${ADMIN_PREFIX}/users/${id}/suspend`, { reason }),
    (user) => ({ title: 'User Suspended', description: `${user.name} is signed out and cannot sign in.` }),
  );

export const useReactivate = () =>
  useAdminAction(
    ({ id }: { id: string }) => apiJson<AdminUserDetail>('POST', `${ADMIN_PREFIX}/users/${id}/reactivate`),
    (user) => ({ title: 'User Reactivated', description: `${user.name} can sign in again.` }),
  );

export const useResolveDispute = () =>
  useAdminAction(
    ({ id, ...resolution }: Resolution & { id: string }) =>
      apiJson<EscrowRow>('POST', `${ADMIN_PREFIX}/escrow/${id}/resolve`, resolution),
    (record) => ({
      title: 'Dispute Resolved',
      description:
        record.status === 'refunded' ? 'The investor has been refunded.' : 'The funds were released.',
    }),
  );

export const useDecideRoleRequest = () =>
  useAdminAction(
    ({ id, decision }: { id: string; decision: 'approve' | 'decline' }) =>
      apiJson<RoleRequestRow>('POST', `${ADMIN_PREFIX}/role-requests/${id}`, { decision }),
    (r) => ({
      title: r.status === 'approved' ? 'Role Changed' : 'Role Request Declined',
      description: `${r.name} has been told by email.`,
    }),
  );
