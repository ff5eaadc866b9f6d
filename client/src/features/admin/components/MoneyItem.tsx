// One row of the money console (a settlement or a release), laid out as a card so that it reads at
// 390 px without a table: the campaign (a link to its page) and who runs it, figures, and actions.
import type { ReactNode } from 'react';
import { Link } from 'wouter';

export function MoneyItem({
  id,
  campaignId,
  title,
  subtitle,
  badge,
  figures,
  actions,
  children,
}: {
  id: string;
  campaignId: string;
  title: string;
  subtitle: ReactNode;
  badge?: ReactNode;
  figures: Array<[label: string, value: ReactNode]>;
  actions: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li>
      <article aria-labelledby={id} className="grid gap-3 rounded-lg border p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={id} className="font-semibold break-words">
              <Link href={`/campaigns/${campaignId}`} className="underline-offset-4 hover:underline">
                {title}
              </Link>
            </h3>
            <p className="text-sm text-muted-foreground">{subtitle}</p>
          </div>
          {badge}
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          {figures.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-semibold break-words tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {children}
        <div className="flex flex-wrap gap-2">{actions}</div>
      </article>
    </li>
  );
}

export function EmptyList({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-muted-foreground">{children}</p>;
}
