// The sign-in / sign-up dialog shell. The forms arrive with the accounts feature; until then the
// dialog says plainly that accounts are not open yet.
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { cn } from '@/lib/cn.ts';
import { useAuth, type AuthDialogTab } from './auth-context.tsx';

const TABS: Array<{ id: AuthDialogTab; label: string }> = [
  { id: 'signin', label: 'Sign In' },
  { id: 'signup', label: 'Sign Up' },
];

export default function AuthDialog() {
  const { dialog, openAuthDialog, closeAuthDialog } = useAuth();
  return (
    <Dialog open={dialog.open} onOpenChange={(open) => !open && closeAuthDialog()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {dialog.tab === 'signin' ? 'Sign in to HydroBridge' : 'Create your HydroBridge account'}
          </DialogTitle>
          <DialogDescription>
            Investor, trader and buyer accounts are being opened. Sign-in and sign-up arrive with the next
            release.
          </DialogDescription>
        </DialogHeader>
        <div role="tablist" aria-label="Account" className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
          {TABS.map((tab) => (
            <button
              key={tab.id}
              role="tab"
              type="button"
              aria-selected={dialog.tab === tab.id}
              onClick={() => openAuthDialog(tab.id)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium',
                dialog.tab === tab.id ? 'bg-background shadow-sm' : 'text-muted-foreground',
              )}
            >
              {tab.label}
            </button>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
