// The accounts feature's public entry for other features (app/ composes the rest by path): who is
// signed in, the guards a page puts around itself, the step-up proof an action asks for, and the
// tones of the KYC status badge.
export { useAuth } from './auth-context.tsx';
export { sessionQuery, useSession } from './api/get-session.ts';
export { RequireSignIn } from './components/RequireSignIn.tsx';
export { RoleOnly } from './components/RoleOnly.tsx';
export { shownError, useStepUp } from './step-up.tsx';
export { KYC_TONES } from './account-fields.ts';
