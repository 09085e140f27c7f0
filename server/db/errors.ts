/** PostgreSQL error details from node-postgres or PGlite, also when drizzle wraps the error as its cause. */
export const postgresError = (error: unknown): { code?: string; constraint?: string } => {
  const cause = error instanceof Error && error.cause ? error.cause : error;
  if (typeof cause !== 'object' || cause === null) return {};
  const code = 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  const constraint = 'constraint' in cause && typeof cause.constraint === 'string' ? cause.constraint : undefined;
  return { code, constraint };
};

export const uniqueViolation = '23505';
export const foreignKeyViolation = '23503';
