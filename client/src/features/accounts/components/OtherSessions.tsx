// 'Sign out of all other sessions': every browser signed in to this account except this one.
import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions.ts';

export function OtherSessions() {
  const revoke = useRevokeOtherSessions();
  return (
    <div className="grid justify-items-start gap-3">
      <p className="text-sm text-muted-foreground">
        Lost a device or used a shared computer? This ends every session of your account except this one.
        Changing your password does the same.
      </p>
      <Button variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
        <LogOut className="h-4 w-4" aria-hidden />
        {revoke.isPending ? 'Signing out…' : 'Sign out of all other sessions'}
      </Button>
    </div>
  );
}
