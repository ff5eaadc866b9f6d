// Ten new recovery codes, shown once: copy them all or download them as a text file, then confirm
// they are saved (the page never shows them again).
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { downloadText } from '@/lib/download.ts';

export function RecoveryCodesPanel({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = `HydroBridge recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  return (
    <section
      aria-labelledby="recovery-codes-title"
      className="grid gap-4 rounded-md border border-amber-300 bg-amber-50/60 p-4 dark:border-amber-800 dark:bg-amber-950/40"
    >
      <div className="grid gap-1">
        <h3 id="recovery-codes-title" className="font-semibold">
          Save your recovery codes
        </h3>
        <p className="text-sm">
          If you lose your authenticator app or passkey, each of these codes signs you in once. They are shown
          only now: keep them somewhere safe, such as a password manager.
        </p>
      </div>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-x-6 gap-y-1 font-mono text-sm sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="break-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            void navigator.clipboard.writeText(codes.join('\n')).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => downloadText('hydrobridge-recovery-codes.txt', text, 'text/plain;charset=utf-8')}
        >
          Download
        </Button>
        <Button type="button" onClick={onSaved}>
          I have saved them
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? 'Recovery codes copied' : ''}
      </p>
    </section>
  );
}
