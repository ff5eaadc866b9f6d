// The verification feature's public entry: identity and business checks (kyc/), investor
// protection (protection/: classification, appropriateness, disclosures) and complaints.

// All of the feature's routes, registered by the app as one plugin.
export { default } from './routes.ts';
export {
  assertDocumentsOpened,
  assertIdentityEditable,
  documentsOpenedBy,
  latestIdentityChange,
  settleIdentityChange,
} from './kyc/identity.ts';
export { documentsOf } from './kyc/service.ts';
export { recordPassedTest } from './protection/appropriateness.ts';
export {
  applyForClassification,
  classificationOf,
  sweepExpiredClassifications,
} from './protection/classification.ts';
export {
  currentAssessment,
  disclosureChanges,
  disclosureOf,
  protectedUser,
  saveDisclosure,
  trackRecordOf,
} from './protection/index.ts';
