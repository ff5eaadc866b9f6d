// The payment provider the app uses, counted: every operation of the PaymentProvider interface is
// timed and counted, and counted as an error when it throws (docs/operations.md). One decorator around
// the provider buildApp chose, so no call site counts anything.
//
// A Proxy rather than a wrapper class: the app and its tests still see the provider itself
// (`instanceof SandboxProvider`, the sandbox's card step and `onDatabase`, `Object.create(provider)`
// with one operation replaced), and a sandbox moved onto another database handle is counted too.
import type { PaymentProvider } from '../features/money/index.ts';
import type { Metrics } from './metrics.ts';

/** The operations of the interface (server/features/money/providers/provider.ts) that reach the provider. */
const OPERATIONS = new Set<string>([
  'createIntent',
  'retrieveIntent',
  'captureIntent',
  'cancelIntent',
  'refund',
  'registerBankAccount',
  'createPayout',
  'retrievePayout',
  'movements',
] satisfies Array<keyof PaymentProvider>);

const INSTRUMENTED = Symbol('instrumented');

function seconds(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** Reads the provider's movements, counting the whole listing as one call (and one error if it breaks). */
async function* countedMovements(
  list: AsyncIterable<unknown>,
  done: (failed: boolean) => void,
): AsyncIterable<unknown> {
  let failed = false;
  try {
    yield* list;
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    done(failed);
  }
}

export function instrumentProvider<P extends PaymentProvider>(provider: P, metrics: Metrics): P {
  if ((provider as { [INSTRUMENTED]?: boolean })[INSTRUMENTED]) return provider;
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(provider, {
    get(target, key, receiver) {
      if (key === INSTRUMENTED) return true;
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      if (key === 'onDatabase') {
        // The sandbox on a transaction's handle: the same provider, so counted the same way.
        return function (this: unknown, ...args: unknown[]) {
          return instrumentProvider(Reflect.apply(value, this, args) as P, metrics);
        };
      }
      if (typeof key !== 'string' || !OPERATIONS.has(key)) return value;
      let counted = wrapped.get(key);
      if (!counted) {
        const operation = key;
        counted = function (this: PaymentProvider, ...args: unknown[]) {
          const name = this?.name ?? target.name;
          // Read at call time: a test's Object.create(provider) may replace one operation.
          const original = Reflect.get(target, operation, this) as (...a: unknown[]) => unknown;
          const start = process.hrtime.bigint();
          const done = (failed: boolean) =>
            metrics.observeProviderCall(name, operation, seconds(start), failed);
          if (operation === 'movements') {
            try {
              return countedMovements(Reflect.apply(original, this, args) as AsyncIterable<unknown>, done);
            } catch (error) {
              done(true);
              throw error;
            }
          }
          let result: unknown;
          try {
            result = Reflect.apply(original, this, args);
          } catch (error) {
            done(true);
            throw error;
          }
          return Promise.resolve(result).then(
            (answer) => {
              done(false);
              return answer;
            },
            (error: unknown) => {
              done(true);
              throw error;
            },
          );
        };
        wrapped.set(key, counted);
      }
      return counted;
    },
  });
}
