// cn() joins classes without resolving Tailwind conflicts (lib/cn.ts), so each variant combination of
// the UI primitives must be conflict-free by itself. tailwind-merge (a dev dependency) is the judge:
// it drops the earlier of two classes that set the same property, so its output must equal the input.
import type { VariantProps } from 'class-variance-authority';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { badgeVariants } from './badge.tsx';
import { buttonVariants } from './button.tsx';

type ButtonVariant = NonNullable<VariantProps<typeof buttonVariants>['variant']>;
type ButtonSize = NonNullable<VariantProps<typeof buttonVariants>['size']>;
type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

// `satisfies` makes these lists fail to compile when a variant is added and not listed here.
const BUTTON_VARIANTS = Object.keys({
  default: 1,
  outline: 1,
  ghost: 1,
  secondary: 1,
  destructive: 1,
  link: 1,
} satisfies Record<ButtonVariant, 1>) as ButtonVariant[];
const BUTTON_SIZES = Object.keys({ default: 1, sm: 1, lg: 1, icon: 1 } satisfies Record<
  ButtonSize,
  1
>) as ButtonSize[];
const BADGE_TONES = Object.keys({
  neutral: 1,
  green: 1,
  amber: 1,
  red: 1,
  blue: 1,
  violet: 1,
} satisfies Record<BadgeTone, 1>) as BadgeTone[];

describe('UI primitives have no conflicting classes', () => {
  for (const variant of BUTTON_VARIANTS)
    for (const size of BUTTON_SIZES)
      it(`button ${variant} ${size}`, () => {
        const classes = buttonVariants({ variant, size });
        expect(twMerge(classes)).toBe(classes);
      });

  for (const tone of BADGE_TONES)
    it(`badge ${tone}`, () => {
      const classes = badgeVariants({ tone });
      expect(twMerge(classes)).toBe(classes);
    });

  it('the judge catches a conflict (the old button: text-sm in the base, text-base in lg)', () => {
    const classes = 'inline-flex text-sm h-11 px-6 text-base';
    expect(twMerge(classes)).not.toBe(classes);
  });
});
