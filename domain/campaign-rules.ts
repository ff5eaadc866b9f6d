// How a campaign gets its risk level and region, and the limits its forms enforce. Pure and
// dependency-free so the create page's live preview and the server apply the same rule.
import { dec, expectedRoiPercent, type DecimalInput } from './money.ts';
import type { Region, RiskLevel } from './campaigns.ts';

export const CAMPAIGN_LIMITS = {
  titleMin: 3,
  titleMax: 120,
  descriptionMax: 5000,
  tradeRouteMax: 200,
  /** The deadline may be at most this many days out. */
  deadlineMaxDays: 366,
  /** Create form default (spec §5). */
  defaultDeadlineDays: 90,
} as const;

/**
 * Risk level: a score from the three things that make a cargo riskier for its backers, added up.
 *
 * | factor | 0 points | 1 point | 2 points |
 * |---|---|---|---|
 * | expected ROI (promised spread) | ≤ 250% | ≤ 310% | > 310% |
 * | capital raised (target) | ≤ $1,000,000 | ≤ $2,500,000 | more |
 * | funding window (creation → deadline) | ≤ 60 days | ≤ 180 days | more |
 *
 * 0–1 points: low; 2–3: medium; 4 or more: high. A spread above the India → Europe reference of
 * $1.40 → $5.60 (300%) leans on optimistic prices, a larger ticket concentrates more capital in one
 * cargo, and a longer window leaves more time for plant, freight and price risk. The level is assessed
 * when the campaign is created and again whenever its terms change, always with the window measured
 * from the campaign's creation: the same terms get the same level whenever they are looked at (the
 * edit preview, the card and the saved campaign agree).
 */
export function assessRiskLevel(
  terms: {
    buyPrice: DecimalInput;
    sellPrice: DecimalInput;
    targetAmount: DecimalInput;
    deadline: string | Date;
  },
  createdAt: Date = new Date(),
): RiskLevel {
  const roi = expectedRoiPercent(terms.buyPrice, terms.sellPrice);
  const target = dec(terms.targetAmount);
  const windowDays = (new Date(terms.deadline).getTime() - createdAt.getTime()) / 86_400_000;
  const points =
    (roi.lte(250) ? 0 : roi.lte(310) ? 1 : 2) +
    (target.lte(1_000_000) ? 0 : target.lte(2_500_000) ? 1 : 2) +
    (windowDays <= 60 ? 0 : windowDays <= 180 ? 1 : 2);
  return points <= 1 ? 'low' : points <= 3 ? 'medium' : 'high';
}

// Destination markets by country or port name, lower case. The region of a campaign is the region
// of the market its cargo is delivered to: the last stop of the trade route.
const DESTINATIONS: Record<Region, readonly string[]> = {
  europe: [
    'europe',
    'netherlands',
    'holland',
    'rotterdam',
    'amsterdam',
    'germany',
    'hamburg',
    'wilhelmshaven',
    'bremen',
    'belgium',
    'antwerp',
    'zeebrugge',
    'france',
    'le havre',
    'marseille',
    'dunkirk',
    'spain',
    'algeciras',
    'valencia',
    'huelva',
    'italy',
    'genoa',
    'trieste',
    'portugal',
    'sines',
    'united kingdom',
    'uk',
    'england',
    'teesside',
    'immingham',
    'denmark',
    'sweden',
    'norway',
    'finland',
    'poland',
    'gdansk',
    'greece',
    'piraeus',
    'ireland',
    'austria',
    'czechia',
    'switzerland',
  ],
  asia: [
    'asia',
    'japan',
    'yokohama',
    'tokyo',
    'kobe',
    'korea',
    'ulsan',
    'busan',
    'china',
    'shanghai',
    'ningbo',
    'singapore',
    'taiwan',
    'kaohsiung',
    'india',
    'kandla',
    'mundra',
    'mumbai',
    'chennai',
    'indonesia',
    'malaysia',
    'thailand',
    'vietnam',
    'philippines',
    'uae',
    'dubai',
    'oman',
    'saudi arabia',
    'qatar',
  ],
  americas: [
    'americas',
    'united states',
    'usa',
    'us',
    'houston',
    'new orleans',
    'los angeles',
    'new york',
    'canada',
    'vancouver',
    'mexico',
    'brazil',
    'santos',
    'chile',
    'argentina',
    'colombia',
    'peru',
  ],
};

const ROUTE_SEPARATOR = /\s*(?:→|->|—>|=>|\bto\b)\s*/i;

/** The first stop of a trade route ("Kochi, India" of "Kochi, India → Houston, United States"). */
export function routeOrigin(tradeRoute: string): string | undefined {
  return tradeRoute
    .split(ROUTE_SEPARATOR)
    .find((s) => s.trim())
    ?.trim();
}

/** The region of the route's destination (its last stop), when it names a known country or port. */
export function destinationRegion(tradeRoute: string): Region | undefined {
  const stops = tradeRoute.split(ROUTE_SEPARATOR).filter((s) => s.trim());
  const destination = stops.at(-1)?.toLowerCase();
  if (!destination || stops.length < 2) return undefined;
  const words = destination.split(/[^a-z]+/).filter(Boolean);
  const text = words.join(' ');
  for (const [region, names] of Object.entries(DESTINATIONS) as [Region, readonly string[]][]) {
    if (names.some((name) => (name.includes(' ') ? ` ${text} `.includes(` ${name} `) : words.includes(name))))
      return region;
  }
  return undefined;
}

/**
 * A deadline day (yyyy-mm-dd) as the instant funding closes: the end of that day in UTC. Undefined for
 * text that is no day, and for days that do not exist ("2027-02-30": Date would roll it over to March).
 */
export function endOfDeadlineDay(day: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const start = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || !start.toISOString().startsWith(day)) return undefined;
  return new Date(start.getTime() + 86_400_000 - 1);
}

/** Create form default deadline: 90 days out, as yyyy-mm-dd (spec §5). */
export function defaultDeadline(now: Date = new Date()): string {
  return new Date(now.getTime() + CAMPAIGN_LIMITS.defaultDeadlineDays * 86_400_000)
    .toISOString()
    .slice(0, 10);
}
