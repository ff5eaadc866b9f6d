// What an investment needs before its payment opens (docs/investor-protection.md): a non-sophisticated
// investor has taken the knowledge test (403 APPROPRIATENESS_REQUIRED before), and every investor has
// acknowledged the KIIS of the campaign's current terms version and, above the threshold, the risk
// warning (428 ACKNOWLEDGEMENT_REQUIRED naming what is missing). What was acknowledged is written with
// the investment, in the transaction that creates it.
import {
  ACKNOWLEDGEMENT_MESSAGES,
  isSophisticated,
  missingAcknowledgements,
  riskWarningThreshold,
  type Acknowledgements,
} from '../../../domain/investor-protection.ts';
import { ERRORS } from '../../../domain/errors.ts';
import type { Db } from '../../db/connect.ts';
import { investmentAcknowledgements } from '../../db/schema/index.ts';
import type { Tx } from '../../db/transaction.ts';
import { AppError } from '../../errors.ts';
import { currentAssessment, protectedUser } from '../verification/index.ts';

export interface Consent {
  kiisVersion: number;
  riskWarning: boolean;
  riskWarningAbove: string | null;
  sophisticated: boolean;
  assessmentId: string | null;
}

/** Checks the investor may invest `amount` on the campaign's terms now; answers what to record. */
export async function consentFor(
  db: Db | Tx,
  investorId: string,
  campaign: { termsVersion: number },
  amount: string,
  acknowledgements: Acknowledgements | undefined,
  now: Date,
): Promise<Consent> {
  const user = await protectedUser(db, investorId);
  const sophisticated = isSophisticated(user, now);
  const assessment = sophisticated ? undefined : await currentAssessment(db, investorId, now);
  if (!sophisticated && !assessment) throw new AppError('APPROPRIATENESS_REQUIRED');
  const netWorth = assessment?.netWorth ?? null;
  const required = missingAcknowledgements({
    acknowledgements,
    kiisVersion: campaign.termsVersion,
    amount,
    sophisticated,
    netWorth,
  });
  if (required.length > 0) {
    const threshold = riskWarningThreshold(netWorth);
    throw new AppError(
      'ACKNOWLEDGEMENT_REQUIRED',
      required.includes('riskWarning')
        ? `${ERRORS.ACKNOWLEDGEMENT_REQUIRED.message}. ${ACKNOWLEDGEMENT_MESSAGES.riskWarning(`$${threshold}`)}`
        : undefined,
      undefined,
      {
        required,
        kiisVersion: campaign.termsVersion,
        ...(required.includes('riskWarning') && { riskWarningAbove: threshold }),
      },
    );
  }
  return {
    kiisVersion: campaign.termsVersion,
    riskWarning: !sophisticated && acknowledgements?.riskWarning === true,
    riskWarningAbove: sophisticated ? null : riskWarningThreshold(netWorth),
    sophisticated,
    assessmentId: assessment?.id ?? null,
  };
}

/** Writes the acknowledgements with the investment (same transaction). */
export async function recordConsent(tx: Db | Tx, investmentId: string, consent: Consent, now: Date) {
  await tx.insert(investmentAcknowledgements).values({ investmentId, ...consent, acknowledgedAt: now });
}
