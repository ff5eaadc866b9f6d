// The admin console's calls (issue 12's fixed contract) and the disputes and role requests that reach
// it, as both sides see them (docs/api.md "Types for the client"). Types only from the schema modules.
import { endpoint } from '../endpoint.ts';
import type * as A from '../admin.ts';
import type * as L from '../audit-log.ts';
import type * as K from '../complaints.ts';
import type * as P from '../investor-protection.ts';
import type { jobsOverviewSchema } from '../jobs.ts';
import type { noBodySchema } from '../api.ts';

export const ADMIN_API = {
  dashboard: endpoint('GET', '/api/admin/dashboard').answers<typeof A.dashboardSchema>(),
  users: endpoint('GET', '/api/admin/users')
    .query<typeof A.userListQuerySchema>()
    .answers<typeof A.userListSchema>(),
  user: endpoint('GET', '/api/admin/users/:id').answers<typeof L.adminUserDetailSchema>(),
  decideKyc: endpoint('POST', '/api/admin/users/:id/kyc')
    .takes<typeof A.kycDecisionSchema>()
    .answers<typeof L.adminUserDetailSchema>(),
  suspend: endpoint('POST', '/api/admin/users/:id/suspend')
    .takes<typeof A.suspendSchema>()
    .answers<typeof L.adminUserDetailSchema>(),
  reactivate: endpoint('POST', '/api/admin/users/:id/reactivate')
    .takes<typeof noBodySchema>()
    .answers<typeof L.adminUserDetailSchema>(),
  escrow: endpoint('GET', '/api/admin/escrow')
    .query<typeof A.escrowListQuerySchema>()
    .answers<typeof A.escrowListSchema>(),
  resolveDispute: endpoint('POST', '/api/admin/escrow/:id/resolve')
    .takes<typeof A.resolveSchema>()
    .answers<typeof A.escrowRowSchema>(),
  roleRequests: endpoint('GET', '/api/admin/role-requests')
    .query<typeof L.auditListQuerySchema>()
    .answers<typeof A.roleRequestListSchema>(),
  decideRoleRequest: endpoint('POST', '/api/admin/role-requests/:id')
    .takes<typeof A.roleRequestDecisionSchema>()
    .answers<typeof A.roleRequestRowSchema>(),
  auditLog: endpoint('GET', '/api/admin/audit-log')
    .query<typeof L.auditListQuerySchema>()
    .answers<typeof L.auditListSchema>(),
  complaints: endpoint('GET', '/api/admin/complaints').answers<typeof K.adminComplaintListSchema>(),
  decideComplaint: endpoint('POST', '/api/admin/complaints/:id/outcome')
    .takes<typeof K.complaintOutcomeSchema>()
    .answers<typeof K.adminComplaintSchema>(),
  classifications: endpoint('GET', '/api/admin/classifications').answers<
    typeof P.classificationQueueSchema
  >(),
  decideClassification: endpoint('POST', '/api/admin/classifications/:id')
    .takes<typeof P.classificationDecisionSchema>()
    .answers<typeof P.classificationApplicationSchema>(),
  jobs: endpoint('GET', '/api/admin/jobs').answers<typeof jobsOverviewSchema>(),
  retryJob: endpoint('POST', '/api/admin/jobs/:id/retry')
    .takes<typeof noBodySchema>()
    .answers<typeof jobsOverviewSchema>(),
};

/** Disputes of held money (an investor's escrow record, a buyer's order) and role requests. */
export const ESCROW_API = {
  dispute: endpoint('POST', '/api/escrow/:id/dispute')
    .takes<typeof A.disputeSchema>()
    .answers<typeof A.escrowRowSchema>(),
  disputeOrder: endpoint('POST', '/api/orders/:id/dispute')
    .takes<typeof A.disputeSchema>()
    .answers<typeof A.escrowRowSchema>(),
  requestRole: endpoint('POST', '/api/role-requests')
    .takes<typeof A.roleRequestSchema>()
    .answers<typeof A.roleRequestRowSchema>(),
};
