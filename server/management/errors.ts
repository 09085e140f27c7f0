import { ApiError } from '../api/errors.ts';
import { postgresError, uniqueViolation } from '../db/errors.ts';

/** 404 for an id (or name) the tenant has no entity of. */
export const notFound = (id: string) => new ApiError(404, 'entity.not_exists_with_id', `The entity with id ${id} does not exist.`);

/** A write whose unique constraint `constraint` fails answers `error()` instead. */
export const unique = async <T>(write: Promise<T>, constraint: string, error: () => ApiError) => {
  try {
    return await write;
  } catch (caught) {
    const { code, constraint: failed } = postgresError(caught);
    if (code === uniqueViolation && failed === constraint) throw error();
    throw caught;
  }
};

/** 400 guard.invalid_input naming one field, for a rule the guard cannot see (the app's type, the clock, two fields). */
export const invalidField = (path: string, message: string, part: 'body' | 'query' = 'body') =>
  new ApiError(400, 'guard.invalid_input', `The request ${part} is invalid.`, [{ path, code: 'custom', message }]);
