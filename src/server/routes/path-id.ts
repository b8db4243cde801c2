// One reading of an id in a path (…/statistics/{id}, …/autodromes/{id}/lessons/{lesson}): a positive
// whole number within int4; anything else is refused in the learner's language before a service runs.
import { idParam, type AppContext } from '../context';
import { ApiError } from '../errors';

const badQuery = () => new ApiError(400, 'errors.badQuery');

/** The id in path parameter `name`; otherwise throws `refusal()` (by default 400 errors.badQuery). */
export function pathId(c: AppContext, name = 'id', refusal: () => ApiError = badQuery): number {
  const parsed = idParam.safeParse(c.req.param(name));
  if (!parsed.success) throw refusal();
  return parsed.data;
}
