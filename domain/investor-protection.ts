// Investor protection (issue 19, EU Regulation 2020/1503 "ECSP" art. 21, docs/investor-protection.md):
// the investor's classification (sophisticated or not; investor-classification.ts), the entry knowledge
// test and the simulation of the ability to bear loss (appropriateness.ts), and, here, how long both hold
// and which acknowledgements an investment needs. Pure rules and wire shapes, shared by the server and
// the investment modal; this file is the area's entry.
import { Big } from 'big.js';
import { z } from 'zod';
import { dec, toFixed, type DecimalInput } from './money.ts';

export * from './appropriateness.ts';
export * from './investor-classification.ts';

/** The test is re-taken, and a sophisticated status re-applied for, this many years after. */
export const PROTECTION_VALID_YEARS = 2;

/** `at` plus two calendar years (29 February → 1 March). */
export function twoYearsAfter(at: Date): Date {
  const until = new Date(at.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + PROTECTION_VALID_YEARS);
  return until;
}

// ---- acknowledgements per investment ------------------------------------------------------------

/** The floor of the risk-warning threshold: an investment above $1,000 … */
export const RISK_WARNING_FLOOR = '1000';
/** … or above 5% of the net worth from the simulation, whichever is higher (ECSP art. 21(7)). */
export const RISK_WARNING_SHARE = '0.05';

export function riskWarningThreshold(netWorth: DecimalInput | null): string {
  const share = netWorth === null ? new Big(0) : dec(netWorth).times(RISK_WARNING_SHARE);
  return toFixed(share.gt(RISK_WARNING_FLOOR) ? share : dec(RISK_WARNING_FLOOR));
}

/** Strictly above the threshold: an amount equal to it needs no warning. */
export function needsRiskWarning(amount: DecimalInput, netWorth: DecimalInput | null): boolean {
  return dec(amount).gt(riskWarningThreshold(netWorth));
}

export const ACKNOWLEDGEMENTS = ['kiis', 'riskWarning'] as const;
export type Acknowledgement = (typeof ACKNOWLEDGEMENTS)[number];

export const acknowledgementsSchema = z.strictObject({
  kiisVersion: z
    .number({ error: 'kiisVersion must be the version number of the sheet you read' })
    .int()
    .positive(),
  riskWarning: z.boolean().optional(),
});
export type Acknowledgements = z.infer<typeof acknowledgementsSchema>;

/**
 * What an investment still needs acknowledged: the KIIS of the campaign's current terms version, always;
 * the risk warning for a non-sophisticated investor above the threshold.
 */
export function missingAcknowledgements(input: {
  acknowledgements: Acknowledgements | undefined;
  kiisVersion: number;
  amount: DecimalInput;
  sophisticated: boolean;
  netWorth: DecimalInput | null;
}): Acknowledgement[] {
  const missing: Acknowledgement[] = [];
  if (input.acknowledgements?.kiisVersion !== input.kiisVersion) missing.push('kiis');
  if (
    !input.sophisticated &&
    needsRiskWarning(input.amount, input.netWorth) &&
    !input.acknowledgements?.riskWarning
  )
    missing.push('riskWarning');
  return missing;
}

export const ACKNOWLEDGEMENT_MESSAGES = {
  required:
    'Before you invest, read and acknowledge the key investment information sheet and, for a large amount, the risk warning',
  riskWarning: (threshold: string) =>
    `You are about to invest more than ${threshold}. You could lose all of it. Invest only money you can afford to lose, and spread it across several campaigns.`,
} as const;
