// GET and PUT /rest/v1/core/user/study-goal: the learner's exam date and minutes per day (issue 21).
import { Hono } from 'hono';
import { z } from 'zod';
import { jsonBody, requireAuth, type Env } from '../context';
import { MINUTES_PER_DAY } from '../../shared/api/readiness';
import { ApiError } from '../errors';
import { setStudyGoal, studyGoal } from '../services/study-goal';

// Types only: the ranges and the calendar are the service's rules, each with its own message.
const goalShape = z.object({ exam_date: z.string().max(10).nullable(), minutes_per_day: z.number() }).strict();
const goalBody = z.unknown();

export const readinessRoutes = new Hono<Env>({ strict: false })
  .use(requireAuth)
  .get('/study-goal', async (c) => c.json(await studyGoal(c.get('deps').db, c.get('learner').id)))
  .put('/study-goal', async (c) => {
    const { db, now } = c.get('deps');
    const raw = await jsonBody(c, goalBody);
    const body = goalShape.safeParse(raw);
    if (!body.success) {
      // Say what is wrong with the field that is, when the rest of the body is right.
      const paths = new Set(body.error.issues.map((i) => String(i.path[0] ?? '')));
      const only = paths.size === 1 ? [...paths][0] : '';
      throw new ApiError(
        400,
        only === 'minutes_per_day'
          ? 'errors.minutesPerDay'
          : only === 'exam_date'
            ? 'errors.examDateInvalid'
            : 'errors.studyGoalBody',
        { min: MINUTES_PER_DAY.min, max: MINUTES_PER_DAY.max },
      );
    }
    return c.json(await setStudyGoal(db, c.get('learner').id, body.data, now()));
  });
