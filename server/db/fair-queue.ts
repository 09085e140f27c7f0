import type { PGlite } from '@electric-sql/pglite';
import { mayWrite } from './autoanalyze.ts';
import { createNamedStatements } from './pglite-statements.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs one unit at a time, in order of arrival, and lets the event loop take a turn before each: a backlog of units
 * does not hold the process's I/O (accepting connections, reading requests, sending answers) until it is empty.
 */
export const createFairQueue = () => {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(unit: () => Promise<T>): Promise<T> => {
    const turn = tail.then(nextTurn).then(unit);
    tail = turn.catch(() => undefined);
    return turn;
  };
};

const queuedMethods = new Set<PropertyKey>(['query', 'exec', 'transaction']);

/**
 * PGlite is one connection that runs each statement synchronously on this thread, so statements waiting for it would
 * run back to back without a pause (its own lock hands the connection from one waiter to the next at once). Each plain
 * statement and each whole transaction goes through one fair queue instead; a transaction's own statements run
 * inside its turn. `wrote` hears of each statement that may have changed rows; the texts in `kept` run as named
 * statements (pglite-statements.ts).
 */
export const queuedPglite = (client: PGlite, { wrote, kept = new Set() }: { wrote: () => void; kept?: ReadonlySet<string> }): PGlite => {
  const enqueue = createFairQueue();
  const named = createNamedStatements(client);
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      // PGlite's methods use private fields, so they run on the client itself, not on the proxy.
      const method = (...args: unknown[]): unknown => Reflect.apply(value, target, args);
      if (!queuedMethods.has(property)) return method;
      return (...args: unknown[]) => {
        if (property === 'transaction' || mayWrite(String(args[0]))) wrote();
        if (property === 'query' && kept.has(String(args[0]))) return enqueue(() => named.run(...(args as Parameters<typeof named.run>)));
        return enqueue(async () => method(...args));
      };
    },
  });
};
