// What other features and app/ use of two-step verification: the step-up hook (and its provider) for
// actions that need a fresh proof, the /settings section, the dashboards' offer and the admins' page.
export { shownError, StepUpCancelled, StepUpProvider, useStepUp } from './step-up.tsx';
export { TwoFactorSection } from './components/TwoFactorSection.tsx';
export { TwoFactorOffer } from './components/TwoFactorOffer.tsx';
export { passkeyAnswer } from './passkey-answer.ts';
