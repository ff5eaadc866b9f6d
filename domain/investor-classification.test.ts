import { describe, expect, it } from 'vitest';
import { CLASSIFICATION_MESSAGES, classificationFormSchema } from './investor-classification.ts';

const form = (criteria: string[], sizes: number[], personType = 'natural', statement = '') =>
  classificationFormSchema.safeParse({
    personType,
    criteria,
    evidence: sizes.map((size) => ({ size })),
    statement,
  });

describe('classificationFormSchema (the application form)', () => {
  it('takes enough criteria with evidence', () => {
    expect(form(['incomeOrPortfolio', 'professionalExperience'], [1200]).success).toBe(true);
  });

  it('asks for the criteria first, then for the evidence', () => {
    expect(form(['incomeOrPortfolio'], []).error?.issues.map((i) => i.message)).toEqual([
      CLASSIFICATION_MESSAGES.tooFewNatural,
    ]);
    expect(form(['incomeOrPortfolio', 'professionalExperience'], [0]).error?.issues).toMatchObject([
      { path: ['evidence'], message: CLASSIFICATION_MESSAGES.evidenceRequired },
    ]);
  });

  it('refuses a criterion of the other kind of investor', () => {
    expect(form(['incomeOrPortfolio'], [10], 'legal').error?.issues[0]?.message).toBe(
      CLASSIFICATION_MESSAGES.criterionUnknown,
    );
  });
});
