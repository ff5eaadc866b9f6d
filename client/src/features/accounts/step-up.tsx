// Step-up (docs/security.md "Second factor"): a withdrawal, a bank account change, a password change
// and changes of the factors themselves need a second-factor proof from the last 5 minutes. Each of
// those calls goes through useStepUp(): when the server answers STEP_UP_REQUIRED, one dialog asks for
// a code or the passkey, and the call is made once more. Cancelling rejects with StepUpCancelled, which
// the forms do not show: the form stays as it was.
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { errorCodeOf } from '@/lib/api.ts';

/** The user closed the step-up dialog: the action was not done, and nothing needs saying. */
export class StepUpCancelled extends Error {
  constructor() {
    super('Cancelled: the action needs a second-factor proof');
    this.name = 'StepUpCancelled';
  }
}

/** A failed action's error as a form shows it: none when the user cancelled the step-up. */
export const shownError = (error: unknown): unknown => (error instanceof StepUpCancelled ? null : error);

type AskProof = () => Promise<boolean>;
const StepUpContext = createContext<AskProof | null>(null);

// The dialog (and the passkey library) load the first time a proof is asked for.
const StepUpDialog = lazy(() => import('./components/StepUpDialog.tsx'));

export function StepUpProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const settle = useRef<((proven: boolean) => void) | null>(null);

  const ask = useCallback<AskProof>(
    () =>
      new Promise<boolean>((resolve) => {
        settle.current?.(false);
        settle.current = resolve;
        setRequested(true);
        setOpen(true);
      }),
    [],
  );
  const finish = useCallback((proven: boolean) => {
    setOpen(false);
    settle.current?.(proven);
    settle.current = null;
  }, []);

  return (
    <StepUpContext.Provider value={ask}>
      {children}
      {requested && (
        <Suspense fallback={null}>
          <StepUpDialog open={open} onProven={() => finish(true)} onCancel={() => finish(false)} />
        </Suspense>
      )}
    </StepUpContext.Provider>
  );
}

/**
 * `withStepUp(action)`: runs the action; if the server asks for a fresh proof, asks the user for one
 * and runs it once more. Rejects with StepUpCancelled when the user cancels.
 */
export function useStepUp() {
  const ask = useContext(StepUpContext);
  if (!ask) throw new Error('useStepUp outside StepUpProvider');
  return useMemo(
    () =>
      async function withStepUp<T>(action: () => Promise<T>): Promise<T> {
        try {
          return await action();
        } catch (error) {
          if (errorCodeOf(error) !== 'STEP_UP_REQUIRED') throw error;
          if (!(await ask())) throw new StepUpCancelled();
          return action();
        }
      },
    [ask],
  );
}
