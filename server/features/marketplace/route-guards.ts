// The marketplace routes' guards and path parameters, shared by its route files.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERRORS } from '../../../domain/errors.ts';

export const idParams = z.object({ id: z.string() });

/** Who may call what: the marketplace's roles, and the money paths behind the money gate. */
export function marketplaceGuards(app: Pick<FastifyInstance, 'requireRole'>) {
  const traders = app.requireRole('trader', { message: ERRORS.NOT_A_SUPPLIER.message });
  const buyers = app.requireRole('buyer', { message: ERRORS.NOT_A_BUYER.message });
  const parties = app.requireRole('buyer', 'trader', 'admin');
  // The money paths: the same guards behind the money gate (domain/policies.ts, moneyGateRefusal).
  const verifiedTraders = app.requireRole('trader', {
    message: ERRORS.NOT_A_SUPPLIER.message,
    verified: true,
  });
  const verifiedBuyers = app.requireRole('buyer', {
    message: ERRORS.NOT_A_BUYER.message,
    verified: { kyc: 'ORDERING_NEEDS_KYC' },
  });
  const verifiedTalkers = app.requireRole('buyer', 'trader', { verified: true });
  // Moving an order: the supplier's moves (confirm, ship, deliver: towards being paid) are behind the
  // gate; the buyer's cancellation (a refund) and an admin's are not.
  const movers = app.requireRole('buyer', 'trader', 'admin', { verified: { only: ['trader'] } });
  return { traders, buyers, parties, verifiedTraders, verifiedBuyers, verifiedTalkers, movers };
}
