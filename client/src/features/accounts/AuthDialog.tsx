// The sign-in / sign-up dialog (spec §2): Sign In and Sign Up tabs sharing one role picker, the email
// forms, Google and LinkedIn, the after-sign-up note and an inline forgot-password form. Loaded the
// first time it opens. A failed submit keeps it open and says why; a successful one closes it.
import { useState, type KeyboardEvent } from 'react';
import type { SignupRole } from '@domain/users.ts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { cn } from '@/lib/cn.ts';
import { useAuth, type AuthDialogTab } from './auth-context.tsx';
import { ForgotPasswordForm } from './components/ForgotPasswordForm.tsx';
import { RolePicker } from './components/RolePicker.tsx';
import { SignInForm } from './components/SignInForm.tsx';
import { SignUpForm } from './components/SignUpForm.tsx';
import { readPreferredSignupRole } from './preferred-role.ts';

const TABS: Array<{ id: AuthDialogTab; label: string }> = [
  { id: 'signin', label: 'Sign In' },
  { id: 'signup', label: 'Sign Up' },
];

const HEADINGS = {
  signin: { title: 'Welcome back', description: 'Sign in to your HydroBridge account.' },
  signup: {
    title: 'Create your account',
    description: 'Join HydroBridge as an investor, a trader or an industrial buyer.',
  },
  forgot: {
    title: 'Reset your password',
    description:
      'Enter the email address of your account and we will email you a link to choose a new password.',
  },
};

export default function AuthDialog() {
  const { dialog, openAuthDialog, closeAuthDialog } = useAuth();
  const [role, setRole] = useState<SignupRole | null>(readPreferredSignupRole);
  const [forgot, setForgot] = useState(false);
  const view = dialog.tab === 'signin' && forgot ? 'forgot' : dialog.tab;
  const heading = HEADINGS[view];

  const selectTab = (tab: AuthDialogTab) => {
    setForgot(false);
    openAuthDialog(tab);
  };
  // Arrow keys move between the two tabs (WAI-ARIA tabs pattern, automatic activation).
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const next = dialog.tab === 'signin' ? 'signup' : 'signin';
    selectTab(next);
    document.getElementById(`auth-tab-${next}`)?.focus();
  };

  return (
    <Dialog
      open={dialog.open}
      onOpenChange={(open) => {
        if (open) return;
        setForgot(false);
        closeAuthDialog();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{heading.title}</DialogTitle>
          <DialogDescription>{heading.description}</DialogDescription>
        </DialogHeader>
        <div role="tablist" aria-label="Account" className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
          {TABS.map((tab) => {
            const selected = dialog.tab === tab.id;
            return (
              <button
                key={tab.id}
                id={`auth-tab-${tab.id}`}
                role="tab"
                type="button"
                aria-selected={selected}
                aria-controls={`auth-panel-${tab.id}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => selectTab(tab.id)}
                onKeyDown={onTabKey}
                className={cn(
                  'rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                  selected
                    ? 'bg-background text-foreground shadow-sm'
                    : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {tab.label}
              </button>
            );
          })}
        </div>

        {view !== 'forgot' && (
          <RolePicker
            value={role}
            onChange={setRole}
            legend={view === 'signin' ? 'Sign in as' : 'I am joining as'}
          />
        )}

        {/* Both forms stay mounted, so switching tabs keeps what was typed. */}
        {TABS.map((tab) => (
          <div
            key={tab.id}
            id={`auth-panel-${tab.id}`}
            role="tabpanel"
            aria-labelledby={`auth-tab-${tab.id}`}
            hidden={dialog.tab !== tab.id}
          >
            {tab.id === 'signup' ? (
              <SignUpForm role={role} onDone={closeAuthDialog} />
            ) : forgot ? (
              <ForgotPasswordForm onBack={() => setForgot(false)} />
            ) : (
              <SignInForm
                role={role}
                secondStep={dialog.secondStep}
                onForgotPassword={() => setForgot(true)}
                onDone={closeAuthDialog}
              />
            )}
          </div>
        ))}
      </DialogContent>
    </Dialog>
  );
}
