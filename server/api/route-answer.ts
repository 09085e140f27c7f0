import * as z from 'zod/mini';
import { etagHeader } from './etag.ts';
import { HttpError } from './errors.ts';
import { declaredErrors } from './operation.ts';
import type { RouteDeclaration } from './route.ts';

/** Under tests (vitest sets VITEST in the server it starts in its own process), every answer is checked. */
const checking = Boolean(process.env.VITEST);

const mismatch = (route: string, problem: string) => new Error(`The answer of ${route} does not match its declaration: ${problem}`);

/**
 * Under tests, fails a success answer that is not what its route declares (its status, and its body's guard), so the
 * test that made the request fails with a 500. Errors are answered by the error handler (checkError).
 */
export const checkAnswer = async (route: string, { response, status = response ? 200 : 204, alsoStatus, list, versioned }: RouteDeclaration<unknown>, answer: Response) => {
  if (!checking || answer.status >= 300) return answer;
  if (answer.status !== status && answer.status !== alsoStatus) throw mismatch(route, `status ${answer.status}, declared ${status}`);
  if (versioned && !answer.headers.has(etagHeader)) throw mismatch(route, `no ${etagHeader} header`);
  if (!response) return answer;
  const parsed = z.safeParse(list ? z.array(response) : response, await answer.clone().json());
  if (!parsed.success) throw mismatch(route, z.prettifyError(parsed.error));
  return answer;
};

/**
 * Under tests, turns an error a route answers with a code it does not declare (so its API document leaves it out) into
 * a failure of the test that made the request: a 500 that names the route and the code.
 */
export const checkError = (route: string, declaration: RouteDeclaration<unknown>, error: unknown) => {
  if (!checking || !(error instanceof HttpError) || declaredErrors(declaration).includes(error.code)) return error;
  return mismatch(route, `error ${error.code} is not among its declared errors`);
};
