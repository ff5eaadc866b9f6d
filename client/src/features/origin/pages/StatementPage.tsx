// /buyer/orders/:id/certificate: the cancellation statement of a delivered order's Guarantee of Origin,
// made to be printed (the browser's "Save as PDF" is the download), with the CBAM CSV and the link to
// its public verification page.
import { ArrowLeft, Download, Printer } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { verificationPath } from '@domain/origin.ts';
import { Button } from '@/components/ui/button.tsx';
import { RequireSignIn } from '@/features/accounts/index.ts';
import { ApiError, serverMessageOf } from '@/lib/api.ts';
import { useStatement } from '../api/statement.ts';
import { CancellationFactsList } from '../components/CancellationFactsList.tsx';

const TITLE = 'Guarantee of Origin cancellation statement';

export default function StatementPage() {
  return (
    <RequireSignIn
      title={TITLE}
      signedOutLead="Sign in as the order's buyer to read its statement. Anyone can check its facts on the verification page it links."
    >
      {() => <Statement />}
    </RequireSignIn>
  );
}

function Statement() {
  const { id } = useParams<{ id: string }>();
  const statement = useStatement(id);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          href="/buyer/orders"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the orders
        </Link>
        <div className="flex flex-wrap gap-2">
          {statement.data && (
            <Button asChild variant="outline">
              <a href={statement.data.csvUrl} download>
                <Download className="h-4 w-4" aria-hidden /> Carbon figures for CBAM (CSV)
              </a>
            </Button>
          )}
          <Button type="button" variant="outline" onClick={() => window.print()} disabled={!statement.data}>
            <Printer className="h-4 w-4" aria-hidden /> Print or save as PDF
          </Button>
        </div>
      </div>
      <h1 className="text-2xl font-bold tracking-tight">{TITLE}</h1>
      {statement.isPending ? (
        <p aria-busy="true" className="mt-4 text-muted-foreground">
          Loading the statement…
        </p>
      ) : statement.error ? (
        <p role="alert" className="mt-4 text-destructive">
          {statement.error instanceof ApiError && statement.error.status === 404
            ? (serverMessageOf(statement.error) ?? 'Order not found')
            : 'The statement could not be loaded. Please try again.'}
        </p>
      ) : (
        <>
          <p className="mt-1 mb-6 text-muted-foreground">
            {statement.data.statementNumber} · order of {statement.data.orderQuantityKg} kg H₂, of which{' '}
            {statement.data.volumeKg} kg are covered by this cancellation
          </p>
          <CancellationFactsList facts={statement.data} />
          <section aria-labelledby="verify-heading" className="mt-6 rounded-md border p-4 text-sm">
            <h2 id="verify-heading" className="font-semibold">
              Verify this statement
            </h2>
            <p className="mt-1">
              Anyone can check these facts at{' '}
              <Link href={verificationPath(statement.data.verificationCode)} className="break-all underline">
                {statement.data.verificationUrl}
              </Link>{' '}
              (code <span className="font-mono">{statement.data.verificationCode}</span>).
            </p>
          </section>
        </>
      )}
    </div>
  );
}
