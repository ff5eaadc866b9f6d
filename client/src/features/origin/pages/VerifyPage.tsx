// /verify/:code: a cancellation statement's facts for anyone, signed out too — who the hydrogen was
// cancelled for, how much, from which certificate, and its carbon figure. Nothing private is shown
// (the server sends no order id, email or price).
import { ShieldCheck } from 'lucide-react';
import { useParams } from 'wouter';
import { Page } from '@/components/layouts/page.tsx';
import { ApiError, serverMessageOf } from '@/lib/api.ts';
import { useVerification } from '../api/verification.ts';
import { CancellationFactsList } from '../components/CancellationFactsList.tsx';

export default function VerifyPage() {
  const { code } = useParams<{ code: string }>();
  const verification = useVerification(code);
  return (
    <Page
      className="max-w-3xl"
      title="Verify a Guarantee of Origin cancellation"
      lead="HydroBridge cancels the Guarantees of Origin of delivered hydrogen in the buyer's name, once. These are the facts of the statement with this code."
    >
      {verification.isPending ? (
        <p aria-busy="true" className="text-muted-foreground">
          Checking the code…
        </p>
      ) : verification.error ? (
        <p role="alert" className="text-destructive">
          {verification.error instanceof ApiError && verification.error.status === 404
            ? (serverMessageOf(verification.error) ?? 'Not found')
            : 'The statement could not be checked. Please try again.'}
        </p>
      ) : (
        <>
          <p
            role="status"
            className="mb-6 flex items-center gap-2 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
          >
            <ShieldCheck className="h-5 w-5" aria-hidden /> Valid: statement{' '}
            {verification.data.statementNumber}, cancelled in the name of {verification.data.beneficiary}.
          </p>
          <CancellationFactsList facts={verification.data} />
        </>
      )}
    </Page>
  );
}
