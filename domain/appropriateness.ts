// The entry knowledge test and the simulation of the ability to bear loss (ECSP art. 21(4);
// docs/investor-protection.md): the questions, how answers are judged, and the fixed-contract shapes.
import { Big } from 'big.js';
import { z } from 'zod';
import { decimalField, NUMERIC_MAX } from './decimal-schema.ts';
import { dec, toFixed, type DecimalInput } from './money.ts';

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
