// Setting up an authenticator app: a new secret as a QR code, and as text grouped for typing, with its
// otpauth link; the first code the app shows turns it on and brings the recovery codes.
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { totpFirstCodeSchema, type TotpSetupResult } from '@domain/two-factor.ts';
import { Button } from '@/components/ui/button.tsx';
import { Field, fieldA11y, FormAlert } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { ApiError, serverMessageOf } from '@/lib/api.ts';
import { useEnableTotp } from '../api/totp.ts';
import { QrCode } from './QrCode.tsx';

/** The secret in groups of four, as authenticator apps ask it to be typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function TotpSetup({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TotpSetupResult;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const enable = useEnableTotp();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ code: string }>({
    resolver: zodResolver(totpFirstCodeSchema),
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
  });
  const failure = enable.error;
  const codeError =
    errors.code?.message ??
    (failure instanceof ApiError && failure.fields.code ? failure.fields.code : undefined);

  return (
    <form
      noValidate
      aria-label="Set up an authenticator app"
      className="grid gap-4 rounded-md border p-4"
      onSubmit={handleSubmit(({ code }) =>
        enable.mutate(code, { onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes) }),
      )}
    >
      <ol className="grid list-decimal gap-1 pl-5 text-sm">
        <li>Open your authenticator app (Google Authenticator, 1Password, Authy or another).</li>
        <li>Scan the QR code, or enter the setup key by hand.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-start gap-4">
        <QrCode value={setup.otpauthUrl} label="QR code of your authenticator app setup key" />
        <dl className="grid min-w-0 flex-1 basis-48 gap-3 text-sm">
          <div className="min-w-0">
            <dt className="text-muted-foreground">Setup key</dt>
            <dd className="font-mono text-base break-all" data-testid="totp-secret">
              {grouped(setup.secret)}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-muted-foreground">On this device</dt>
            <dd>
              <a
                className="font-medium text-primary underline-offset-4 hover:underline"
                href={setup.otpauthUrl}
              >
                Open in your authenticator app
              </a>
            </dd>
          </div>
        </dl>
      </div>
      <Field id="totp-code" label="Code from the app" error={codeError}>
        <Input
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={10}
          className="max-w-40 font-mono"
          {...fieldA11y('totp-code', codeError)}
          {...register('code')}
        />
      </Field>
      <FormAlert
        message={failure && !codeError ? (serverMessageOf(failure) ?? 'Please try again.') : undefined}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={enable.isPending}>
          {enable.isPending ? 'Turning on…' : 'Turn on'}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={enable.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
