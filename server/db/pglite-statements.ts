import { parse, protocol, types, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

const joined = (messages: Uint8Array[]) => {
  const all = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    all.set(message, offset);
    offset += message.length;
  }
  return all;
};

const serializers = types.serializers as Record<number, (value: unknown) => string>;

/**
 * Kept statements by name on PGlite. drizzle's PGlite driver sends every query as an unnamed Parse, so PGlite parses
 * and plans a kept statement (prepared.ts) again on each run, in six calls into it. Here a kept statement is parsed
 * once under a name, and each run is one call: Bind, Describe, Execute and Sync, as PostgreSQL's own driver does.
 * `run` must be called where PGlite runs nothing else meanwhile (the fair queue of fair-queue.ts).
 */
export const createNamedStatements = (client: PGlite) => {
  const named = new Map<string, Promise<{ name: string; parameterTypes: number[] }>>();
  let made = 0;

  const prepare = (text: string) => {
    let statement = named.get(text);
    if (!statement) {
      made += 1;
      const name = `kept_${made}`;
      statement = client
        .execProtocol(joined([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]))
        .then(({ messages }) => ({ name, parameterTypes: parse.parseDescribeStatementResults(messages) }));
      named.set(text, statement);
      statement.catch(() => named.delete(text));
    }
    return statement;
  };

  return {
    run: async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
      const { name, parameterTypes } = await prepare(text);
      const values = params.map((param, index) =>
        param === null || param === undefined ? null : (serializers[parameterTypes[index]!] ?? String)(param),
      );
      const { messages } = await client.execProtocol(
        joined([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      );
      return parse.parseResults(messages, types.parsers, options)[0] as Results<T>;
    },
  };
};
