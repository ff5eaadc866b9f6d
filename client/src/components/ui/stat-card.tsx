// A dashboard figure: label, value and a line of context, as one item of a list of figures.
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from './card.tsx';

export function StatCard({ label, value, children }: { label: string; value: string; children: ReactNode }) {
  return (
    <li>
      <Card className="h-full">
        <CardHeader className="pb-2">
          <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
        </CardHeader>
        <CardContent>
          <p className="text-xl font-bold break-words tabular-nums sm:text-2xl">{value}</p>
          <p className="mt-1 text-sm text-muted-foreground">{children}</p>
        </CardContent>
      </Card>
    </li>
  );
}
