// The rules of investor protection (docs/investor-protection.md): the loss simulation, the risk
// warning's threshold at its edges, the acknowledgements an investment needs, the sophisticated
// status's two years, the classification criteria.
import { describe, expect, it } from 'vitest';
import {
  APPROPRIATENESS_QUESTIONS,
  assessAnswers,
  classificationIssue,
  isSophisticated,
  lossSimulation,
  missingAcknowledgements,
  needsRiskWarning,
  riskWarningThreshold,
  twoYearsAfter,
} from './investor-protection.ts';

describe('lossSimulation', () => {
  it('net worth = income + liquid assets − commitments; max loss 10% of it, never below 0', () => {
    expect(lossSimulation({ income: '60000', liquidAssets: '50000', commitments: '10000' })).toEqual({
      netWorth: '100000.00',
      maxLoss: '10000.00',
    });
    expect(lossSimulation({ income: '0.05', liquidAssets: '0.04', commitments: '0' })).toEqual({
      netWorth: '0.09',
      maxLoss: '0.00',
    });
    expect(lossSimulation({ income: '1000', liquidAssets: '0', commitments: '5000' })).toEqual({
      netWorth: '-4000.00',
      maxLoss: '0.00',
    });
  });
});

describe('the risk warning threshold', () => {
  it('is the higher of $1,000 and 5% of net worth', () => {
    expect(riskWarningThreshold(null)).toBe('1000.00');
    expect(riskWarningThreshold('-50000')).toBe('1000.00');
    expect(riskWarningThreshold('19999.99')).toBe('1000.00');
    expect(riskWarningThreshold('20000')).toBe('1000.00');
    expect(riskWarningThreshold('20000.20')).toBe('1000.01');
    expect(riskWarningThreshold('100000')).toBe('5000.00');
  });

  it('asks strictly above it', () => {
    expect(needsRiskWarning('1000.00', '10000')).toBe(false);
    expect(needsRiskWarning('1000.01', '10000')).toBe(true);
    expect(needsRiskWarning('5000.00', '100000')).toBe(false);
    expect(needsRiskWarning('5000.01', '100000')).toBe(true);
  });
});

describe('missingAcknowledgements', () => {
  const base = { kiisVersion: 3, amount: '500', sophisticated: false, netWorth: '100000' };
  it('always the KIIS of the current version', () => {
    expect(missingAcknowledgements({ ...base, acknowledgements: undefined })).toEqual(['kiis']);
    expect(missingAcknowledgements({ ...base, acknowledgements: { kiisVersion: 2 } })).toEqual(['kiis']);
    expect(missingAcknowledgements({ ...base, acknowledgements: { kiisVersion: 3 } })).toEqual([]);
  });
  it('the warning above the threshold for a non-sophisticated investor only', () => {
    const large = { ...base, amount: '5000.01', acknowledgements: { kiisVersion: 3 } };
    expect(missingAcknowledgements(large)).toEqual(['riskWarning']);
    expect(
      missingAcknowledgements({ ...large, acknowledgements: { kiisVersion: 3, riskWarning: true } }),
    ).toEqual([]);
    expect(missingAcknowledgements({ ...large, sophisticated: true, netWorth: null })).toEqual([]);
  });
});

describe('isSophisticated', () => {
  const approved = new Date('2026-03-01T10:00:00Z');
  const until = twoYearsAfter(approved);
  it('holds for two years from approval, then not', () => {
    expect(until.toISOString()).toBe('2028-03-01T10:00:00.000Z');
    expect(
      isSophisticated({ isAccredited: true, accreditedUntil: until }, new Date('2028-03-01T09:59:59Z')),
    ).toBe(true);
    expect(
      isSophisticated({ isAccredited: true, accreditedUntil: until }, new Date('2028-03-01T10:00:00Z')),
    ).toBe(false);
  });
  it('never without the flag; a flag without an end date (set by the operator) holds', () => {
    expect(isSophisticated({ isAccredited: false, accreditedUntil: until }, approved)).toBe(false);
    expect(isSophisticated({ isAccredited: true, accreditedUntil: null }, approved)).toBe(true);
  });
});

describe('the knowledge test', () => {
  it('passes with every right answer and names the wrong ones otherwise', () => {
    const right = Object.fromEntries(APPROPRIATENESS_QUESTIONS.map((q) => [q.id, q.correct]));
    expect(assessAnswers(right)).toEqual({ passed: true, wrong: [] });
    expect(assessAnswers({ ...right, returns: 'promise' })).toEqual({ passed: false, wrong: ['returns'] });
  });
});

describe('classificationIssue', () => {
  it('a person needs two criteria, a company one; a criterion of the other kind is refused', () => {
    expect(classificationIssue('natural', ['incomeOrPortfolio'])).toMatch(/at least two/);
    expect(classificationIssue('natural', ['incomeOrPortfolio', 'incomeOrPortfolio'])).toMatch(
      /at least two/,
    );
    expect(classificationIssue('natural', ['incomeOrPortfolio', 'professionalExperience'])).toBeUndefined();
    expect(classificationIssue('legal', [])).toMatch(/at least one/);
    expect(classificationIssue('legal', ['turnover'])).toBeUndefined();
    expect(classificationIssue('legal', ['turnover', 'incomeOrPortfolio'])).toMatch(/does not apply/);
  });
});
