// The "Two-step verification" section of /settings (and of the admins' enrollment page): whether it is
// on, the authenticator app (set up, or turn off), passkeys, and recovery codes (how many are left, new
// ones). New recovery codes are shown once, above everything else, until the user says they are saved.
import { useState } from 'react';
import type { TotpSetupResult } from '@domain/two-factor.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-field.tsx';
import { serverMessageOf } from '@/lib/api.ts';
import { useTwoFactorStatus } from '../api/get-status.ts';
import { useRegenerateRecoveryCodes } from '../api/recovery-codes.ts';
import { useDisableTotp, useSetUpTotp } from '../api/totp.ts';
import { shownError } from '../step-up.tsx';
import { Passkeys } from './Passkeys.tsx';
import { RecoveryCodesPanel } from './RecoveryCodesPanel.tsx';
import { TotpSetup } from './TotpSetup.tsx';

const failureText = (error: unknown) => {
  const shown = shownError(error);
  return shown ? (serverMessageOf(shown) ?? 'That did not work. Please try again.') : undefined;
};

function Part({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-3 border-t pt-4">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </div>
  );
}

export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const setUp = useSetUpTotp();
  const disable = useDisableTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const [setup, setSetup] = useState<TotpSetupResult | null>(null);
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);

  if (status.isPending)
    return <p className="text-sm text-muted-foreground">Loading two-step verification…</p>;
  if (status.error || !status.data)
    return (
      <p role="alert" className="text-sm text-destructive">
        Two-step verification could not be loaded. Please try again later.
      </p>
    );
  const s = status.data;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {s.enabled ? <Badge tone="green">On</Badge> : <Badge tone="amber">Off</Badge>}
        <span>
          {s.enabled
            ? 'Signing in asks for your second factor after your password.'
            : 'Signing in needs only your password.'}
        </span>
      </div>
      {s.required && !s.enabled && (
        <p className="text-sm font-medium">
          Admins must protect their account with a second factor before using the console.
        </p>
      )}
      {freshCodes && <RecoveryCodesPanel codes={freshCodes} onSaved={() => setFreshCodes(null)} />}

      <Part title="Authenticator app">
        {s.totp ? (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm">
              <Badge tone="green">On</Badge>{' '}
              <span className="ml-1">Codes come from your authenticator app.</span>
            </p>
            <Button
              type="button"
              variant="outline"
              disabled={disable.isPending}
              onClick={() => disable.mutate()}
            >
              {disable.isPending ? 'Turning off…' : 'Turn off'}
            </Button>
          </div>
        ) : setup ? (
          <TotpSetup
            setup={setup}
            onCancel={() => setSetup(null)}
            onEnabled={(codes) => {
              setSetup(null);
              setFreshCodes(codes);
            }}
          />
        ) : (
          <div className="grid justify-items-start gap-2">
            <p className="text-sm text-muted-foreground">
              An app on your phone shows a new 6-digit code every 30 seconds.
            </p>
            <Button
              type="button"
              disabled={setUp.isPending}
              onClick={() => setUp.mutate(undefined, { onSuccess: setSetup })}
            >
              {setUp.isPending ? 'Starting…' : 'Set up an authenticator app'}
            </Button>
          </div>
        )}
        <FormAlert message={failureText(disable.error) ?? failureText(setUp.error)} />
      </Part>

      <Part title="Passkeys">
        <p className="text-sm text-muted-foreground">
          Sign in with your device's fingerprint, face or screen lock instead of a code.
        </p>
        <Passkeys status={s} onRecoveryCodes={setFreshCodes} />
      </Part>

      {s.enabled && (
        <Part title="Recovery codes">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm">
              {s.recoveryCodesLeft === 1
                ? '1 recovery code left.'
                : `${s.recoveryCodesLeft} recovery codes left.`}{' '}
              <span className="text-muted-foreground">New codes replace all the old ones.</span>
            </p>
            <Button
              type="button"
              variant="outline"
              disabled={regenerate.isPending}
              onClick={() =>
                regenerate.mutate(undefined, {
                  onSuccess: ({ recoveryCodes }) => setFreshCodes(recoveryCodes),
                })
              }
            >
              Get new recovery codes
            </Button>
          </div>
          <FormAlert message={failureText(regenerate.error)} />
        </Part>
      )}
    </div>
  );
}
