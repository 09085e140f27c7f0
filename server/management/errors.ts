import { HttpError, invalidField } from '../api/errors.ts';
import { postgresError, uniqueViolation } from '../db/errors.ts';
import type { NotExists } from '../tenant/refusals.ts';

/** The message of 404 for an id (or name) the tenant has no entity of. */
export const notExistsMessage = ({ id }: Pick<NotExists, 'id'>) => `The entity with id ${id} does not exist.`;

/** 404 for an id (or name) the tenant has no entity of. */
export const notFound = (id: string) => new HttpError('entity.not_exists_with_id', notExistsMessage({ id }));

/** A write whose unique constraint `constraint` fails answers `error()` instead. */
export const unique = async <T>(write: Promise<T>, constraint: string, error: () => HttpError) => {
  try {
    return await write;
  } catch (caught) {
    const { code, constraint: failed } = postgresError(caught);
    if (code === uniqueViolation && failed === constraint) throw error();
    throw caught;
  }
};

export { invalidField };
