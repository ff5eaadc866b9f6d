// The investor's portfolio and statements over HTTP (docs/lifecycle.md): holdings, returns, payouts
// and the yearly statement; an admin may read anyone's (?investorId=).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerSchema } from '../../../domain/endpoint.ts';
import { PORTFOLIO_API } from '../../../domain/endpoints/campaigns.ts';
import { portfolioSchema } from '../../../domain/portfolio.ts';
import {
  investorQuerySchema,
  statementListQuerySchema,
  statementSchema,
} from '../../../domain/statements.ts';
import { getPortfolio, getStatement } from './portfolio.ts';

const portfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  // The investor's own portfolio and statements; an admin may read anyone's (?investorId=).
  app.get(
    '/api/portfolio',
    {
      config: { errors: ['INVESTOR_MISMATCH'] },
      preHandler: app.requireRole('investor', 'admin'),
      schema: {
        summary: "The investor's portfolio: holdings, returns and payouts",
        querystring: investorQuerySchema,
        response: { 200: answerSchema(PORTFOLIO_API.portfolio, portfolioSchema) },
      },
    },
    (request) =>
      getPortfolio(app.db, request.user!, request.query.investorId ?? request.user!.id, app.clock()),
  );

  app.get(
    '/api/statements',
    {
      config: { errors: ['INVESTOR_MISMATCH'] },
      preHandler: app.requireRole('investor', 'admin'),
      schema: {
        summary: "The investor's statements",
        querystring: statementListQuerySchema,
        response: { 200: answerSchema(PORTFOLIO_API.statement, statementSchema) },
      },
    },
    (request) =>
      getStatement(
        app.db,
        request.user!,
        request.query.investorId ?? request.user!.id,
        request.query.year ?? app.clock().getUTCFullYear(),
      ),
  );
};

export default portfolioRoutes;
