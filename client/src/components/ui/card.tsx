import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

const CARD_TONES = { card: 'bg-card', accent: 'bg-accent/50', muted: 'bg-muted/50' } as const;

export function Card({
  className,
  tone = 'card',
  ...props
}: ComponentProps<'div'> & { tone?: keyof typeof CARD_TONES }) {
  return (
    <div
      className={cn('rounded-xl border text-card-foreground shadow-sm', CARD_TONES[tone], className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-5', className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<'h3'>) {
  return <h3 className={cn('text-lg leading-tight font-semibold', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-5 pb-5', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex items-center px-5 pb-5', className)} {...props} />;
}
