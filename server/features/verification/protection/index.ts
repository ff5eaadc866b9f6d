// What other features use of investor protection (docs/investor-protection.md).
export { currentAssessment, protectedUser, recordPassedTest } from './appropriateness.ts';
export { disclosureChanges, disclosureOf, disclosuresOf, saveDisclosure } from './disclosures.ts';
export { trackRecordOf } from './track-record.ts';
