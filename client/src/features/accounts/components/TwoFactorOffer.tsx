// The dashboards' offer of two-step verification to a user without it (issue 19: optional for all but
// admins, offered after sign-up). "Not now" is remembered on this device for this account.
import { useState } from 'react';
import { Link } from 'wouter';
import type { PublicUser } from '@domain/auth.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { useTwoFactorStatus } from '../api/get-status.ts';

const dismissKey = (userId: string) => `hydrobridge-2fa-offer-dismissed:${userId}`;

function readDismissed(userId: string) {
  try {
    return localStorage.getItem(dismissKey(userId)) === '1';
  } catch {
    return false;
  }
}

export function TwoFactorOffer({ user }: { user: PublicUser }) {
  const [dismissed, setDismissed] = useState(() => readDismissed(user.id));
  const status = useTwoFactorStatus({ enabled: !dismissed && user.role !== 'admin' });
  if (dismissed || user.role === 'admin' || !status.data || status.data.enabled) return null;
  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 sm:px-6">
      <Card aria-labelledby="two-factor-offer-title" role="region">
        <CardContent className="flex flex-wrap items-center justify-between gap-4 pt-6">
          <div className="grid max-w-2xl gap-1">
            <h2 id="two-factor-offer-title" className="font-semibold">
              Protect your account with two-step verification
            </h2>
            <p className="text-sm text-muted-foreground">
              Besides your password, signing in and moving money will ask for a code from an authenticator app
              or your passkey, so a stolen password alone cannot reach your money.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link href="/settings#two-factor">Turn it on</Link>
            </Button>
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                try {
                  localStorage.setItem(dismissKey(user.id), '1');
                } catch {
                  // Private mode: dismissed for this visit only.
                }
                setDismissed(true);
              }}
            >
              Not now
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
