// Google and LinkedIn sign-in. A provider the server has not configured shows its button disabled,
// with the reason underneath.
import type { ComponentType } from 'react';
import { AUTH_PROVIDER_LABELS as NAMES, AUTH_PROVIDERS, type AuthProvider } from '@domain/auth.ts';
import { Button } from '@/components/ui/button.tsx';
import { useProviders } from '../api/get-providers.ts';

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden>
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.76h3.56c2.08-1.92 3.28-4.74 3.28-8.09Z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.56-2.76c-.98.66-2.23 1.06-3.72 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.11A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.11V7.05H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.95l3.66-2.84Z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.56 10.56 0 0 0 12 1 11 11 0 0 0 2.18 7.05l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38Z"
      />
    </svg>
  );
}

function LinkedInLogo() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" aria-hidden>
      <path
        fill="#0A66C2"
        d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28ZM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13ZM7.12 20.45H3.56V9h3.56v11.45ZM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0Z"
      />
    </svg>
  );
}

const LOGOS: Record<AuthProvider, ComponentType> = { google: GoogleLogo, linkedin: LinkedInLogo };

export function SocialButtons({
  disabled,
  describedBy,
  onSelect,
}: {
  /** No role picked yet. */
  disabled: boolean;
  describedBy?: string;
  onSelect: (provider: AuthProvider) => void;
}) {
  const providers = useProviders();
  const reasons = AUTH_PROVIDERS.flatMap((p) => {
    if (providers.isPending || providers.data?.[p].enabled) return [];
    const reason = providers.isError
      ? `${NAMES[p]} sign-in is unavailable right now`
      : `${NAMES[p]} sign-in is not configured on this server`;
    return [{ provider: p, id: `social-${p}-reason`, reason }];
  });
  return (
    <div className="grid gap-2">
      <div className="grid grid-cols-2 gap-2">
        {AUTH_PROVIDERS.map((p) => {
          const Logo = LOGOS[p];
          const reason = reasons.find((r) => r.provider === p);
          return (
            <Button
              key={p}
              variant="outline"
              disabled={disabled || !providers.data?.[p].enabled}
              aria-describedby={
                [reason?.id, disabled ? describedBy : undefined].filter(Boolean).join(' ') || undefined
              }
              onClick={() => onSelect(p)}
            >
              <Logo />
              {NAMES[p]}
            </Button>
          );
        })}
      </div>
      {reasons.map((r) => (
        <p key={r.provider} id={r.id} className="text-xs text-muted-foreground">
          {r.reason}
        </p>
      ))}
    </div>
  );
}

export function OrDivider({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
      <span className="h-px flex-1 bg-border" />
      {label}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
