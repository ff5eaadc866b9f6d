// Investor protection (issue 19, EU Regulation 2020/1503 "ECSP" art. 21, docs/investor-protection.md):
// the investor's classification (sophisticated or not), the entry knowledge test and the simulation of
// the ability to bear loss, and which acknowledgements an investment needs. Pure rules and wire shapes,
// shared by the server and the investment modal.
import { Big } from 'big.js';
import { z } from 'zod';
import { decimalField, NUMERIC_MAX } from './decimal-schema.ts';
import { dec, toFixed, type DecimalInput } from './money.ts';

/** The test is re-taken, and a sophisticated status re-applied for, this many years after. */
export const PROTECTION_VALID_YEARS = 2;

/** `at` plus two calendar years (29 February → 1 March). */
export function twoYearsAfter(at: Date): Date {
  const until = new Date(at.getTime());
  until.setUTCFullYear(until.getUTCFullYear() + PROTECTION_VALID_YEARS);
  return until;
}

// ---- classification ----------------------------------------------------------------------------

/**
 * The one rule: an investor is sophisticated while the flag is set (`isAccredited`, spec §3) and its
 * end date, if it has one, has not passed. An admin's approval always sets the end (two years); a flag
 * without one was set by the operator (or a test) and holds until cleared. Read at every use with the
 * caller's clock: an expired status is non-sophisticated even before the sweep clears the flag.
 */
export function isSophisticated(
  user: { isAccredited: boolean; accreditedUntil: Date | string | null },
  now: Date,
): boolean {
  if (!user.isAccredited) return false;
  return user.accreditedUntil === null || new Date(user.accreditedUntil).getTime() > now.getTime();
}

export const PERSON_TYPES = ['natural', 'legal'] as const;
export type PersonType = (typeof PERSON_TYPES)[number];

/** ECSP Annex II criteria: a natural person meets at least two, a legal person at least one. */
export const CLASSIFICATION_CRITERIA = {
  natural: {
    incomeOrPortfolio:
      'My personal gross income is at least €60,000 a year, or my financial instrument portfolio (cash deposits included) is worth more than €100,000',
    professionalExperience:
      'I work or have worked for at least one year in the financial sector in a professional position that requires knowledge of the transactions or services envisaged',
    significantTransactions:
      'I have carried out transactions of significant size on capital markets at an average frequency of 10 per quarter over the previous four quarters',
  },
  legal: {
    ownFunds: 'The company has own funds of at least €100,000',
    turnover: 'The company has a net turnover of at least €2,000,000',
    balanceSheet: 'The company has a balance sheet total of at least €1,000,000',
  },
} as const;
export type NaturalCriterion = keyof (typeof CLASSIFICATION_CRITERIA)['natural'];
export type LegalCriterion = keyof (typeof CLASSIFICATION_CRITERIA)['legal'];
export type ClassificationCriterion = NaturalCriterion | LegalCriterion;
export const CRITERIA_NEEDED: Record<PersonType, number> = { natural: 2, legal: 1 };

export const CLASSIFICATION_MESSAGES = {
  tooFewNatural: 'Tick at least two of the criteria that apply to you',
  tooFewLegal: 'Tick at least one of the criteria that apply to the company',
  criterionUnknown: 'That criterion does not apply to this kind of investor',
  evidenceRequired: 'Attach at least one document that shows the criteria you ticked',
  alreadyPending: 'Your application is already waiting for review',
  notInvestor: 'Only investors can apply to be treated as sophisticated',
  decided: 'This application has already been decided',
  notFound: 'Application not found',
  reasonRequired: 'Give the investor a reason (at least 5 characters)',
} as const;

export function criteriaOf(type: PersonType): ClassificationCriterion[] {
  return Object.keys(CLASSIFICATION_CRITERIA[type]) as ClassificationCriterion[];
}

/** Why this set of criteria does not qualify; undefined when it does. */
export function classificationIssue(type: PersonType, criteria: readonly string[]): string | undefined {
  const allowed = criteriaOf(type) as string[];
  if (criteria.some((c) => !allowed.includes(c))) return CLASSIFICATION_MESSAGES.criterionUnknown;
  if (new Set(criteria).size < CRITERIA_NEEDED[type])
    return type === 'natural' ? CLASSIFICATION_MESSAGES.tooFewNatural : CLASSIFICATION_MESSAGES.tooFewLegal;
  return undefined;
}

/** The multipart fields of `POST /api/investor/classification` (the evidence files come beside them). */
export const classificationFieldsSchema = z
  .object({
    personType: z.enum(PERSON_TYPES, { error: 'Choose whether you apply as a person or as a company' }),
    /** Comma-separated criterion ids (multipart fields are text). */
    criteria: z
      .string({ error: CLASSIFICATION_MESSAGES.tooFewNatural })
      .max(200)
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    statement: z.string().trim().max(2000, 'Keep the explanation under 2,000 characters').optional(),
  })
  .superRefine((v, ctx) => {
    const issue = classificationIssue(v.personType, v.criteria);
    if (issue) ctx.addIssue({ code: 'custom', path: ['criteria'], message: issue });
  });

export const CLASSIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ClassificationStatus = (typeof CLASSIFICATION_STATUSES)[number];
export const CLASSIFICATION_STATUS_LABELS: Record<ClassificationStatus, string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Rejected',
};

const documentSchema = z.object({
  id: z.string().uuid(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

export const classificationApplicationSchema = z.object({
  id: z.string().uuid(),
  userId: z.string().uuid(),
  personType: z.enum(PERSON_TYPES),
  criteria: z.array(z.string()),
  statement: z.string().nullable(),
  status: z.enum(CLASSIFICATION_STATUSES),
  rejectionReason: z.string().nullable(),
  submittedAt: z.string().datetime(),
  decidedAt: z.string().datetime().nullable(),
  validUntil: z.string().datetime().nullable(),
  documents: z.array(documentSchema),
});
export type ClassificationApplication = z.infer<typeof classificationApplicationSchema>;

/** `GET /api/investor/classification`: where the investor stands, and their latest application. */
export const classificationViewSchema = z.object({
  sophisticated: z.boolean(),
  /** When the sophisticated status ends (null while non-sophisticated). */
  validUntil: z.string().datetime().nullable(),
  latest: classificationApplicationSchema.nullable(),
});
export type ClassificationView = z.infer<typeof classificationViewSchema>;

/** The admin's queue: pending applications with who applied. */
export const classificationQueueSchema = z.array(
  classificationApplicationSchema.extend({ investorName: z.string(), investorEmail: z.string().nullable() }),
);
export type ClassificationQueue = z.infer<typeof classificationQueueSchema>;

export const classificationDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.strictObject({ decision: z.literal('approve') }),
    z.strictObject({
      decision: z.literal('reject'),
      reason: z
        .string({ error: CLASSIFICATION_MESSAGES.reasonRequired })
        .trim()
        .min(5, CLASSIFICATION_MESSAGES.reasonRequired)
        .max(500, 'Keep the reason under 500 characters'),
    }),
  ],
  { error: 'decision must be "approve" or "reject"' },
);
export type ClassificationDecision = z.infer<typeof classificationDecisionSchema>;

// ---- the entry knowledge test -------------------------------------------------------------------

export interface AppropriatenessQuestion {
  id: string;
  text: string;
  options: ReadonlyArray<{ id: string; text: string }>;
  /** The option that shows the risk is understood. */
  correct: string;
  /** What the investor is told when they answered otherwise (ECSP art. 21(4)). */
  warning: string;
}

/**
 * Six questions on the risks ECSP art. 21 names: loss of capital, illiquidity, no deposit guarantee,
 * and how a trade campaign works (escrow, settlement, the trader's default, diversification).
 */
export const APPROPRIATENESS_QUESTIONS: readonly AppropriatenessQuestion[] = [
  {
    id: 'capital-loss',
    text: 'If the trade behind a campaign makes a loss or the trader fails, what can happen to the money you invested?',
    options: [
      { id: 'protected', text: 'HydroBridge pays it back in full' },
      { id: 'partial-or-all', text: 'I can lose part or all of it' },
      { id: 'interest-only', text: 'I can only lose the expected profit, never the amount invested' },
    ],
    correct: 'partial-or-all',
    warning:
      'You can lose part or all of the money you invest. Nobody, HydroBridge included, pays back what a failed trade lost.',
  },
  {
    id: 'illiquidity',
    text: 'Can you take your money out of a campaign before it completes?',
    options: [
      { id: 'any-time', text: 'Yes, at any time, like a bank account' },
      {
        id: 'locked',
        text: 'No: after the reflection period it stays in the trade until the campaign settles',
      },
      { id: 'sell-shares', text: 'Yes, by selling my share on a market HydroBridge runs' },
    ],
    correct: 'locked',
    warning:
      'Your money is tied up until the campaign settles (often several months, longer if the shipment is late). There is no market on which to sell your share.',
  },
  {
    id: 'deposit-guarantee',
    text: 'Is an investment on HydroBridge covered by a deposit guarantee or investor compensation scheme?',
    options: [
      { id: 'covered-100k', text: 'Yes, up to €100,000 like a bank deposit' },
      { id: 'not-covered', text: 'No, it is not covered by any such scheme' },
      { id: 'covered-platform', text: 'Yes, HydroBridge insures every investment' },
    ],
    correct: 'not-covered',
    warning:
      'An investment is not a bank deposit: no deposit guarantee scheme and no investor compensation scheme covers it.',
  },
  {
    id: 'how-campaigns-work',
    text: 'What happens to your money once a campaign is funded and the trader starts the shipment?',
    options: [
      { id: 'stays-escrow', text: 'It stays in escrow until the buyer pays' },
      { id: 'to-trade', text: 'It is released to the trader to buy and ship the cargo' },
      { id: 'to-platform', text: 'HydroBridge keeps it as a guarantee' },
    ],
    correct: 'to-trade',
    warning:
      'Once trading starts, your money leaves escrow and pays for the cargo. From then on it depends on the trade and on the trader paying the settlement.',
  },
  {
    id: 'returns',
    text: 'What does the expected return on a campaign page tell you?',
    options: [
      { id: 'promise', text: 'What I will be paid: it is promised' },
      {
        id: 'estimate',
        text: 'An estimate from the trader’s figures: the actual result may be lower or a loss',
      },
      { id: 'minimum', text: 'The least I will be paid' },
    ],
    correct: 'estimate',
    warning:
      'An expected return is an estimate, not a promise: prices, shipping and the buyer can all make the actual result lower, or a loss.',
  },
  {
    id: 'diversification',
    text: 'How much of your savings is it sensible to put into one campaign?',
    options: [
      { id: 'all', text: 'All of it, if the expected return is high' },
      { id: 'small-part', text: 'Only a small part I can afford to lose, spread across several campaigns' },
      { id: 'borrowed', text: 'More than I have, borrowing the rest' },
    ],
    correct: 'small-part',
    warning:
      'Invest only money you can afford to lose, and spread it: a single trade can fail. Never borrow to invest.',
  },
];

/** The questions as the API shows them (without the answers). */
export const appropriatenessQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
});

export const APPROPRIATENESS_MESSAGES = {
  required:
    'Before your first investment, take the short knowledge test and the loss simulation (they take about two minutes)',
  acknowledgementNeeded:
    'Some answers show risks you may not have understood: read the warnings and confirm you understand them',
  answerMissing: 'Answer every question',
  answerUnknown: 'Choose one of the given answers',
  sophisticatedSkip: 'Sophisticated investors do not take the test',
} as const;

/** Which questions were answered wrong (missing counts as wrong); passed when none. */
export function assessAnswers(answers: Record<string, string>): { passed: boolean; wrong: string[] } {
  const wrong = APPROPRIATENESS_QUESTIONS.filter((q) => answers[q.id] !== q.correct).map((q) => q.id);
  return { passed: wrong.length === 0, wrong };
}

export function warningsFor(wrong: readonly string[]): Array<{ questionId: string; warning: string }> {
  return APPROPRIATENESS_QUESTIONS.filter((q) => wrong.includes(q.id)).map((q) => ({
    questionId: q.id,
    warning: q.warning,
  }));
}

const amount = (label: string) => decimalField(label, { max: NUMERIC_MAX.money, min: '0' });

/** `POST /api/investor/appropriateness` (fixed contract). */
export const appropriatenessInputSchema = z
  .strictObject({
    answers: z.record(z.string().max(50), z.string().max(50), {
      error: APPROPRIATENESS_MESSAGES.answerMissing,
    }),
    income: amount('Income'),
    liquidAssets: amount('Liquid assets'),
    commitments: amount('Commitments'),
    acknowledged: z.boolean({ error: 'acknowledged must be true or false' }).optional(),
  })
  .superRefine((v, ctx) => {
    for (const q of APPROPRIATENESS_QUESTIONS) {
      const answer = v.answers[q.id];
      if (answer === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['answers', q.id],
          message: APPROPRIATENESS_MESSAGES.answerMissing,
        });
      else if (!q.options.some((o) => o.id === answer))
        ctx.addIssue({
          code: 'custom',
          path: ['answers', q.id],
          message: APPROPRIATENESS_MESSAGES.answerUnknown,
        });
    }
    const extra = Object.keys(v.answers).find((id) => !APPROPRIATENESS_QUESTIONS.some((q) => q.id === id));
    if (extra)
      ctx.addIssue({ code: 'custom', path: ['answers', extra.slice(0, 50)], message: 'Unknown question' });
  });
export type AppropriatenessInput = z.output<typeof appropriatenessInputSchema>;

/** The simulation of the ability to bear loss (ECSP art. 21(4)(b)). */
export const LOSS_SHARE_OF_NET_WORTH = '0.10';

/**
 * Net worth = yearly income + liquid assets − financial commitments (yearly); the loss the investor can
 * bear = 10% of it, never below 0. Decimal strings in and out.
 */
export function lossSimulation(input: {
  income: DecimalInput;
  liquidAssets: DecimalInput;
  commitments: DecimalInput;
}): {
  netWorth: string;
  maxLoss: string;
} {
  const netWorth = dec(input.income).plus(input.liquidAssets).minus(input.commitments);
  const maxLoss = netWorth.gt(0)
    ? netWorth.times(LOSS_SHARE_OF_NET_WORTH).round(2, Big.roundDown)
    : new Big(0);
  return { netWorth: toFixed(netWorth), maxLoss: toFixed(maxLoss) };
}

export const appropriatenessResultSchema = z.object({ passed: z.boolean(), maxLoss: z.string() });

/** `GET /api/investor/appropriateness` (fixed contract, plus what the modal shows beside it). */
export const appropriatenessViewSchema = z.object({
  status: z.enum(['required', 'done']),
  questions: z.array(appropriatenessQuestionSchema),
  sophisticated: z.boolean(),
  /** The last result while it holds (null when never taken or older than two years). */
  passed: z.boolean().nullable(),
  takenAt: z.string().datetime().nullable(),
  validUntil: z.string().datetime().nullable(),
  netWorth: z.string().nullable(),
  maxLoss: z.string().nullable(),
  /** An investment above this needs the risk warning acknowledged (null: never, sophisticated). */
  riskWarningAbove: z.string().nullable(),
});
export type AppropriatenessView = z.infer<typeof appropriatenessViewSchema>;

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
