// The admin console over HTTP (issue 12's fixed contract): every /api/admin route is for admins only,
// declared at the route. The investor's dispute of their own escrow record lives here too.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { TOTAL_COUNT_HEADER } from '../../../domain/campaigns.ts';
import { noBodySchema } from '../../../domain/api.ts';
import {
  dashboardSchema,
  disputeSchema,
  escrowListQuerySchema,
  escrowListSchema,
  escrowRowSchema,
  idParamsSchema,
  kycDecisionSchema,
  resolveSchema,
  roleRequestDecisionSchema,
  roleRequestListSchema,
  roleRequestRowSchema,
  roleRequestSchema,
  suspendSchema,
  userListQuerySchema,
  userListSchema,
} from '../../../domain/admin.ts';
import {
  adminUserDetailSchema,
  auditListQuerySchema,
  auditListSchema,
  REPORT_LABELS,
  REPORTS,
  reportQuerySchema,
} from '../../../domain/audit-log.ts';
import { listAudit, recordAudit } from '../../audit.ts';
import { adminDashboard } from './dashboard.ts';
import { disputeEscrow, disputeOrder, listEscrow, resolveDispute } from './escrow.ts';
import { reportFileName, reportStream } from './reports.ts';
import { decideRoleRequest, listRoleRequests, requestRole } from './role-requests.ts';
import { decideKyc, listUsers, reactivateUser, suspendUser, userDetail } from './users.ts';
import { ADMIN_API, ESCROW_API } from '../../../domain/endpoints/admin.ts';
import { answerSchema } from '../../../domain/endpoint.ts';
import jobRoutes from './job-routes.ts';

/**
 * The one paging protocol (docs/api-conventions.md): every paged list answers its total over all pages
 * in X-Total-Count. These admin lists keep their `{ total, page, pageSize }` bodies as they were.
 */
function withTotal<T extends { total: number }>(reply: FastifyReply, page: T): T {
  void reply.header(TOTAL_COUNT_HEADER, String(page.total));
  return page;
}

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminsOnly = app.requireRole('admin');

  app.get(
    '/api/admin/dashboard',
    {
      preHandler: adminsOnly,
      schema: {
        summary: "The admin console's figures and queues",
        response: { 200: answerSchema(ADMIN_API.dashboard, dashboardSchema) },
      },
    },
    () => adminDashboard(app.db, app.clock()),
  );

  app.get(
    '/api/admin/users',
    {
      preHandler: adminsOnly,
      schema: {
        summary: 'Search users',
        querystring: userListQuerySchema,
        response: { 200: answerSchema(ADMIN_API.users, userListSchema) },
      },
    },
    async (request, reply) => withTotal(reply, await listUsers(app.db, request.query, app.clock())),
  );

  app.get(
    '/api/admin/users/:id',
    {
      config: { errors: ['NOT_FOUND'] },
      preHandler: adminsOnly,
      schema: {
        summary: "One user's account, KYC and history",
        params: idParamsSchema,
        response: { 200: answerSchema(ADMIN_API.user, adminUserDetailSchema) },
      },
    },
    (request) => userDetail(app.db, request.params.id, app.clock(), request.user!.id),
  );

  app.post(
    '/api/admin/users/:id/kyc',
    {
      config: { errors: ['CONFLICT', 'KYC_DOCUMENTS_NOT_OPENED', 'KYC_NO_DOCUMENTS', 'NOT_FOUND'] },
      preHandler: adminsOnly,
      schema: {
        summary: "Approve or reject a user's KYC",
        params: idParamsSchema,
        body: kycDecisionSchema,
        response: { 200: answerSchema(ADMIN_API.decideKyc, adminUserDetailSchema) },
      },
    },
    (request) => decideKyc(app.db, request.user!, request.params.id, request.body, app.clock()),
  );

  app.post(
    '/api/admin/users/:id/suspend',
    {
      config: { errors: ['CONFLICT', 'FORBIDDEN', 'NOT_FOUND'] },
      preHandler: adminsOnly,
      schema: {
        summary: 'Suspend an account (its sessions end)',
        params: idParamsSchema,
        body: suspendSchema,
        response: { 200: answerSchema(ADMIN_API.suspend, adminUserDetailSchema) },
      },
    },
    (request) => suspendUser(app.db, request.user!, request.params.id, request.body.reason, app.clock()),
  );

  app.post(
    '/api/admin/users/:id/reactivate',
    {
      config: { errors: ['CONFLICT', 'NOT_FOUND'] },
      preHandler: adminsOnly,
      schema: {
        summary: 'Reactivate a suspended account',
        params: idParamsSchema,
        body: noBodySchema,
        response: { 200: answerSchema(ADMIN_API.reactivate, adminUserDetailSchema) },
      },
    },
    (request) => reactivateUser(app.db, request.user!, request.params.id, app.clock()),
  );

  app.get(
    '/api/admin/escrow',
    {
      preHandler: adminsOnly,
      schema: {
        summary: 'Escrow records and disputes',
        querystring: escrowListQuerySchema,
        response: { 200: answerSchema(ADMIN_API.escrow, escrowListSchema) },
      },
    },
    async (request, reply) => withTotal(reply, await listEscrow(app.db, request.query)),
  );

  app.post(
    '/api/admin/escrow/:id/resolve',
    {
      config: { errors: ['CONFLICT', 'NOT_FOUND'] },
      preHandler: adminsOnly,
      schema: {
        summary: 'Resolve a disputed escrow (release or refund)',
        params: idParamsSchema,
        body: resolveSchema,
        response: { 200: answerSchema(ADMIN_API.resolveDispute, escrowRowSchema) },
      },
    },
    (request) => resolveDispute(app.money, request.user!, request.params.id, request.body, app.clock()),
  );

  app.post(
    '/api/escrow/:id/dispute',
    {
      config: { errors: ['CONFLICT', 'NOT_FOUND'] },
      preHandler: app.requireRole('investor'),
      schema: {
        summary: "Dispute an escrow record of the investor's money",
        params: idParamsSchema,
        body: disputeSchema,
        response: { 200: answerSchema(ESCROW_API.dispute, escrowRowSchema) },
      },
    },
    (request) => disputeEscrow(app.db, request.user!, request.params.id, request.body.reason, app.clock()),
  );

  app.post(
    '/api/orders/:id/dispute',
    {
      config: { errors: ['ORDER_NOT_DISPUTABLE', 'ORDER_NOT_FOUND'] },
      // The service checks that the order is the buyer's own (404 otherwise).
      preHandler: app.requireRole('buyer'),
      schema: {
        summary: "Dispute an order whose money the buyer's escrow holds",
        params: idParamsSchema,
        body: disputeSchema,
        response: { 200: answerSchema(ESCROW_API.disputeOrder, escrowRowSchema) },
      },
    },
    (request) => disputeOrder(app.db, request.user!, request.params.id, request.body.reason, app.clock()),
  );

  app.post(
    '/api/role-requests',
    {
      config: { errors: ['CONFLICT', 'VALIDATION'] },
      preHandler: app.requireRole('investor', 'trader', 'buyer'),
      schema: {
        summary: 'Ask for another role',
        body: roleRequestSchema,
        response: { 201: answerSchema(ESCROW_API.requestRole, roleRequestRowSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await requestRole(app.db, request.user!, request.body.newRole, app.clock())),
  );

  app.get(
    '/api/admin/role-requests',
    {
      preHandler: adminsOnly,
      schema: {
        summary: 'Role requests to decide',
        querystring: auditListQuerySchema,
        response: { 200: answerSchema(ADMIN_API.roleRequests, roleRequestListSchema) },
      },
    },
    async (request, reply) => withTotal(reply, await listRoleRequests(app.db, request.query.page)),
  );

  app.post(
    '/api/admin/role-requests/:id',
    {
      config: { errors: ['CONFLICT', 'NOT_FOUND', 'ROLE_CHANGE_WAITS'] },
      preHandler: adminsOnly,
      schema: {
        summary: 'Approve or reject a role request',
        params: idParamsSchema,
        body: roleRequestDecisionSchema,
        response: { 200: answerSchema(ADMIN_API.decideRoleRequest, roleRequestRowSchema) },
      },
    },
    (request) =>
      decideRoleRequest(app.db, app.outbox, request.user!, request.params.id, request.body, app.clock()),
  );

  app.get(
    '/api/admin/audit-log',
    {
      preHandler: adminsOnly,
      schema: {
        summary: 'The audit log of admin actions',
        querystring: auditListQuerySchema,
        response: { 200: answerSchema(ADMIN_API.auditLog, auditListSchema) },
      },
    },
    async (request, reply) => withTotal(reply, await listAudit(app.db, request.query.page)),
  );

  for (const report of REPORTS) {
    app.get(
      `/api/admin/reports/${report}.csv`,
      {
        config: { answers: { 200: 'The report as CSV (text/csv), sent as an attachment' } },
        preHandler: adminsOnly,
        schema: { summary: `The ${REPORT_LABELS[report]} report (CSV)`, querystring: reportQuerySchema },
      },
      async (request, reply) => {
        const now = app.clock();
        // The export is an admin action like any other: who took which data, for which period.
        await recordAudit(
          app.db,
          request.user!,
          { action: 'report.export', targetType: 'report', targetId: report, after: request.query },
          now,
        );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${reportFileName(report, request.query, now)}"`,
          )
          .send(reportStream(app.db, report, request.query, now));
      },
    );
  }

  // The background jobs an admin watches and retries (docs/jobs.md).
  await app.register(jobRoutes);
};

export default adminRoutes;
