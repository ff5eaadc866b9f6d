// Compliance reporting (spec §2): KYC audit, transaction monitoring and risk assessment, each with
// its figure and an Export of its CSV (for the date range when one is given).
import type { AdminDashboard } from '@domain/admin.ts';
import type { Report } from '@domain/audit-log.ts';
import { REPORT_LABELS, REPORTS } from '@domain/audit-log.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card.tsx';
import { reportUrl } from '../api/admin.ts';
import { countOf } from '@domain/plural.ts';

function figures(report: Report, c: AdminDashboard['compliance'] | undefined): string {
  if (!c) return 'Every record of the period, as CSV.';
  if (report === 'kyc-audit')
    return `${c.approvalRate}% of users reviewed; every decision with who made it and why.`;
  if (report === 'transactions')
    return `${countOf(c.paymentsLast30Days, 'payment')} in the last 30 days; ${countOf(c.disputedRecords, 'escrow record')} ever disputed.`;
  return `${c.flaggedRate}% of users flagged (KYC rejected or suspended); a score of 0–100 per user.`;
}

export function ComplianceCards({
  compliance,
  from = '',
  to = '',
}: {
  compliance?: AdminDashboard['compliance'];
  from?: string;
  to?: string;
}) {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {REPORTS.map((report) => (
        <li key={report}>
          <Card className="h-full">
            <CardHeader>
              <h3 className="font-semibold">{REPORT_LABELS[report]}</h3>
              <CardDescription>{figures(report, compliance)}</CardDescription>
            </CardHeader>
            <CardContent>
              <Button asChild variant="outline" size="sm">
                <a
                  href={reportUrl(report, from, to)}
                  download
                  aria-label={`Export ${REPORT_LABELS[report]} (CSV)`}
                >
                  Export
                </a>
              </Button>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
