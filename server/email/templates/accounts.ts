// Accounts: verification, password and role emails. Part of the one template catalogue
// (server/email/templates.ts).
import { define, link, account, type Named } from '../layout.ts';

export const ACCOUNT_TEMPLATES = {
  'verify-email': define<Named & { token: string; hours: number }>({
    about: 'Sign-up (and "send the link again"): the link that verifies the address.',
    sample: { name: 'Ada', token: 'sample-token', hours: 24 },
    body: (d, site) =>
      account(d.name, 'Verify your email address for HydroBridge', [
        `Please confirm that this is your email address by opening this link within ${d.hours} hours:`,
        '',
        link(`${site.publicUrl}/verify-email?token=${d.token}`),
        '',
        'Until then you can browse campaigns and complete your profile; investing, creating campaigns',
        'and ordering open once your address is verified.',
        '',
        'If you did not create a HydroBridge account, ignore this email.',
      ]),
  }),
  'password-reset': define<Named & { token: string }>({
    about: 'Forgot password: the one-hour reset link.',
    sample: { name: 'Ada', token: 'sample-token' },
    body: (d, site) =>
      account(d.name, 'Reset your HydroBridge password', [
        'We received a request to reset the password of your HydroBridge account.',
        'Open this link within 1 hour to choose a new password:',
        '',
        link(`${site.publicUrl}/reset-password?token=${d.token}`),
        '',
        'The link works once. If you did not ask for a new password, ignore this email:',
        'your password stays as it is.',
      ]),
  }),
  'password-changed': define<Named>({
    about: 'A reset link was used: the password changed and every device was signed out.',
    sample: { name: 'Ada' },
    body: (d) =>
      account(d.name, 'Your HydroBridge password was changed', [
        'The password of your HydroBridge account was just reset, and every device was signed out.',
        'If this was not you, reset your password again right away and contact support.',
      ]),
  }),
  'password-cleared': define<Named & { provider: string }>({
    about: 'Social sign-in claimed an account whose address was never verified: its password is cleared.',
    sample: { name: 'Ada', provider: 'Google' },
    body: (d) =>
      account(d.name, 'Your HydroBridge password was cleared', [
        `You just signed in to HydroBridge with ${d.provider}. An account with your email address already`,
        'existed, but its address had never been verified, so nothing showed that you chose its password.',
        '',
        'To keep the account yours, we cleared that password and signed out every device that used it.',
        `Keep signing in with ${d.provider}, or choose a new password with "Forgot password?" in the sign-in`,
        'dialog.',
        '',
        'If you did not create this account, someone may have registered your address before you: it is',
        'yours now, and nothing else is needed.',
      ]),
  }),
  'role-approved': define<{ role: string }>({
    about: 'An admin approved a request for another role.',
    sample: { role: 'Trader' },
    body: (d) => ({
      subject: `Your request for the ${d.role} role`,
      lines: [`Your HydroBridge account now has the ${d.role} role. Sign in again to use it.`],
    }),
  }),
  'role-declined': define<{ role: string; reason: string | null }>({
    about: 'An admin declined a request for another role (with the reason, when given).',
    sample: { role: 'Trader', reason: 'Your company is not registered as a hydrogen trader.' },
    body: (d) => ({
      subject: `Your request for the ${d.role} role`,
      lines: [`Your request for the ${d.role} role was declined.${d.reason ? ` Reason: ${d.reason}` : ''}`],
    }),
  }),
} as const;
