// Tones of the console's badges.
import type { BadgeTone } from '@/components/ui/badge.tsx';
import type { EscrowStatus } from '@domain/investments.ts';
import { riskLevel } from '@domain/risk.ts';

export const ESCROW_TONES: Record<EscrowStatus, BadgeTone> = {
  held: 'blue',
  disputed: 'red',
  released: 'green',
  refunded: 'neutral',
};

export const riskTone = (score: number): BadgeTone =>
  (({ normal: 'neutral', high: 'amber', watchlist: 'red' }) as const)[riskLevel(score)];
