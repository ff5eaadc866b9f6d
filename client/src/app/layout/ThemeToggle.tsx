import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { THEMES, useTheme, type Theme } from '../theme.tsx';

const META: Record<Theme, { label: string; Icon: typeof Sun }> = {
  light: { label: 'Light', Icon: Sun },
  dark: { label: 'Dark', Icon: Moon },
  system: { label: 'System', Icon: Monitor },
};

/** Three-way theme switch: Light, Dark, System; icons only unless `withLabels`. */
export function ThemeToggle({ className, withLabels = false }: { className?: string; withLabels?: boolean }) {
  const { theme, setTheme } = useTheme();
  return (
    <div
      role="radiogroup"
      aria-label="Theme"
      className={cn('inline-flex rounded-lg border p-0.5', className)}
    >
      {THEMES.map((t) => {
        const { label, Icon } = META[t];
        return (
          <button
            key={t}
            type="button"
            role="radio"
            aria-checked={theme === t}
            aria-label={withLabels ? undefined : label}
            title={withLabels ? undefined : label}
            onClick={() => setTheme(t)}
            className={cn(
              'inline-flex h-8 items-center justify-center gap-2 rounded-md',
              withLabels ? 'px-3 text-sm font-medium' : 'w-8',
              theme === t ? 'bg-muted text-foreground' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <Icon className="h-4 w-4" aria-hidden />
            {withLabels && label}
          </button>
        );
      })}
    </div>
  );
}
