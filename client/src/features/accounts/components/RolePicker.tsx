// The dialog's role picker: investor, trader or buyer — admin accounts are never chosen here (spec §6).
import { Briefcase, Factory, TrendingUp, type LucideIcon } from 'lucide-react';
import { MESSAGES } from '@domain/auth.ts';
import { ROLE_LABELS, SIGNUP_ROLES, type SignupRole } from '@domain/users.ts';
import { cn } from '@/lib/cn.ts';
import { ROLE_BLURBS } from '../account-fields.ts';

const ICONS: Record<SignupRole, LucideIcon> = {
  investor: TrendingUp,
  trader: Briefcase,
  buyer: Factory,
};

export function RolePicker({
  value,
  onChange,
  legend,
  describedBy,
}: {
  value: SignupRole | null;
  onChange: (role: SignupRole) => void;
  legend: string;
  describedBy?: string;
}) {
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-3 gap-2">
        {SIGNUP_ROLES.map((role) => {
          const Icon = ICONS[role];
          return (
            <label
              key={role}
              className={cn(
                'relative flex cursor-pointer flex-col items-center gap-1 rounded-lg border p-2.5 text-center transition-colors',
                'hover:bg-muted has-checked:border-primary has-checked:bg-accent has-checked:text-accent-foreground',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
              )}
            >
              <input
                type="radio"
                name="auth-role"
                value={role}
                checked={value === role}
                onChange={() => onChange(role)}
                // Invisible but covering the card: the whole card is the radio's click target.
                className="absolute inset-0 z-10 h-full w-full cursor-pointer appearance-none opacity-0"
              />
              <Icon className="h-5 w-5" aria-hidden />
              <span className="text-sm font-semibold">{ROLE_LABELS[role]}</span>
              <span className="hidden text-xs text-muted-foreground sm:block">{ROLE_BLURBS[role]}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The gating line of spec §5, shown while no role is picked; gated controls point at it by `id`. */
export function RoleGate({ role, id }: { role: SignupRole | null; id: string }) {
  if (role) return null;
  return (
    <p id={id} className="text-center text-sm font-medium text-amber-700 dark:text-amber-300">
      {MESSAGES.selectRole}
    </p>
  );
}
