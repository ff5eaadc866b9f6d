// The signed-in part of the top bar (spec §2): the role in its colour as the role switcher, the first
// name (or username) and Logout; the mobile menu gets the same in a panel section. Loaded only for
// signed-in users, so visitors' landing JS stays small.
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown, Lock, LogOut, Settings, ShieldCheck, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import type { PublicUser } from '@domain/auth.ts';
import { pendingVerification } from '@domain/identity.ts';
import { canSwitchTo } from '@domain/policies.ts';
import { displayName, ROLE_LABELS, ROLES } from '@domain/users.ts';
import { badgeVariants } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import { useSignOut } from '../api/sign-out.ts';
import { useSwitchRole } from '../api/switch-role.ts';
import { ROLE_TONES } from '../account-fields.ts';

/** Verification has something pending (email, KYC not sent, in review, rejected): a dot says so. */
const verificationPending = (user: PublicUser) => pendingVerification(user).length > 0;

/** The amber dot beside "Verification", with its words for screen readers. */
function PendingDot() {
  return (
    <>
      <span className="ml-auto h-2 w-2 rounded-full bg-amber-500" aria-hidden />
      <span className="sr-only"> (pending)</span>
    </>
  );
}

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none select-none data-[highlighted]:bg-muted';

/** The role badge opens the switcher: all four roles, the user's own marked; others are refused. */
function RoleSwitcher({ user }: { user: PublicUser }) {
  const { switchTo, isPending } = useSwitchRole();
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        aria-label={`${ROLE_LABELS[user.role]} role, switch role`}
        disabled={isPending}
        className={cn(badgeVariants({ tone: ROLE_TONES[user.role] }), 'h-7 cursor-pointer gap-1 pr-1.5')}
      >
        {ROLE_LABELS[user.role]}
        {/* Something to do on the Verification page (named inside the menu). */}
        {verificationPending(user) && user.role !== 'admin' && (
          <span className="h-2 w-2 rounded-full bg-amber-500" aria-hidden data-testid="verification-dot" />
        )}
        <ChevronDown className="h-3.5 w-3.5" aria-hidden />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-lg border bg-card p-1 text-card-foreground shadow-lg"
        >
          <Menu.Label className="px-2 py-1.5 text-xs font-semibold text-muted-foreground">
            Switch role
          </Menu.Label>
          <Menu.RadioGroup value={user.role}>
            {ROLES.map((role) => (
              <Menu.RadioItem
                key={role}
                value={role}
                className={itemClass}
                onSelect={() => switchTo(user, role)}
              >
                <span className="flex w-4 justify-center">
                  <Menu.ItemIndicator>
                    <Check className="h-4 w-4" aria-hidden />
                  </Menu.ItemIndicator>
                  {!canSwitchTo(user, role) && (
                    <Lock className="h-3.5 w-3.5 text-muted-foreground" aria-hidden />
                  )}
                </span>
                {ROLE_LABELS[role]}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
          <Menu.Separator className="my-1 h-px bg-border" />
          <Menu.Item asChild className={itemClass}>
            <Link href="/profile">
              <UserRound className="h-4 w-4" aria-hidden />
              Profile
            </Link>
          </Menu.Item>
          {user.role !== 'admin' && (
            <Menu.Item asChild className={itemClass}>
              <Link href="/verification">
                <ShieldCheck className="h-4 w-4" aria-hidden />
                Verification
                {verificationPending(user) && <PendingDot />}
              </Link>
            </Menu.Item>
          )}
          <Menu.Item asChild className={itemClass}>
            <Link href="/settings">
              <Settings className="h-4 w-4" aria-hidden />
              Settings
            </Link>
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

function LogoutButton({ className }: { className?: string }) {
  const signOut = useSignOut();
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      disabled={signOut.isPending}
      onClick={() => signOut.mutate()}
    >
      <LogOut className="h-4 w-4" aria-hidden />
      Logout
    </Button>
  );
}

/** In the top bar: role switcher always, the name from sm up, Logout from md up (else in the menu). */
export default function AccountMenu({ user }: { user: PublicUser }) {
  return (
    <div className="flex items-center gap-2">
      <RoleSwitcher user={user} />
      <span className="hidden max-w-40 truncate text-sm font-medium sm:inline" data-testid="account-name">
        {displayName(user)}
      </span>
      <LogoutButton className="max-md:hidden" />
    </div>
  );
}

/** The account section of the mobile menu panel (the role switcher stays in the bar). */
export function MobileAccountSection({ user }: { user: PublicUser }) {
  return (
    <div className="mt-3 grid gap-3 border-t pt-3">
      <p className="truncate px-3 text-sm">
        <span className="text-muted-foreground">Signed in as </span>
        <span className="font-medium">{displayName(user)}</span>
      </p>
      <ul className="grid gap-1">
        <li>
          <Link href="/profile" className="block rounded-md px-3 py-2 text-sm font-medium hover:bg-muted">
            Profile
          </Link>
        </li>
        {user.role !== 'admin' && (
          <li>
            <Link
              href="/verification"
              className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-muted"
            >
              Verification
              {verificationPending(user) && <PendingDot />}
            </Link>
          </li>
        )}
        <li>
          <Link href="/settings" className="block rounded-md px-3 py-2 text-sm font-medium hover:bg-muted">
            Settings
          </Link>
        </li>
      </ul>
      <LogoutButton className="w-full" />
    </div>
  );
}
