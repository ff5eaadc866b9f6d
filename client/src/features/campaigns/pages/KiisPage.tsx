// /campaigns/:id/kiis: the key investment information sheet on a page of its own, made to be printed
// (the browser's "Save as PDF" in the print dialog is the download: no PDF is made on the server).
import { ArrowLeft, Printer } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { Button } from '@/components/ui/button.tsx';
import { ApiError, serverMessageOf } from '@/lib/api.ts';
import { useKiis } from '../api/kiis.ts';
import { KiisSheet } from '../components/KiisSheet.tsx';

export default function KiisPage() {
  const { id } = useParams<{ id: string }>();
  const kiis = useKiis(id);
  useDocumentTitle(kiis.data ? `Key investment information: ${kiis.data.title}` : undefined);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link
          href={`/campaigns/${id}`}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the campaign
        </Link>
        <Button type="button" variant="outline" onClick={() => window.print()} disabled={!kiis.data}>
          <Printer className="h-4 w-4" aria-hidden /> Print or save as PDF
        </Button>
      </div>
      <h1 className="text-2xl font-bold tracking-tight">Key investment information sheet</h1>
      {kiis.isPending ? (
        <p aria-busy="true" className="mt-4 text-muted-foreground">
          Loading the sheet…
        </p>
      ) : kiis.error ? (
        <p role="alert" className="mt-4 text-destructive">
          {kiis.error instanceof ApiError && kiis.error.status === 404
            ? (serverMessageOf(kiis.error) ?? 'Campaign not found')
            : 'The sheet could not be loaded. Please try again.'}
        </p>
      ) : (
        <>
          <p className="mt-1 mb-6 text-muted-foreground">
            {kiis.data.title} · version {kiis.data.version}
          </p>
          <KiisSheet kiis={kiis.data} />
        </>
      )}
    </div>
  );
}
