// The video course (issue 11; spec §7): the progress block, the modules with their lessons, marking
// a lesson viewed, and starting a lesson's credit test, a module's test or the final test (each an
// examination of the exam engine, answered through /examinations/*). Mounted under /rest/v1/core/user.
import { Hono } from 'hono';
import { z } from 'zod';
import { localeCodes, type Locale } from '../../i18n/locales';
import { optionalJsonBody, requireAuth, type AppContext, type Env } from '../context';
import { courseInfo, courseModules, startCourseTest, viewLesson, type CourseTestTarget } from '../services/course';
import { examinationOf } from '../services/exam/read';
import { pathId } from './path-id';

const startBody = z
  .object({ continue: z.boolean().optional(), language: z.enum(localeCodes as [Locale, ...Locale[]]).optional() })
  .strict();

/** Starts the test and answers with the examination, like POST /examinations/start. The body is optional. */
async function startTest(c: AppContext, target: CourseTestTarget) {
  const { db, now, config } = c.get('deps');
  const body = await optionalJsonBody(c, startBody);
  const learnerId = c.get('learner').id;
  const id = await startCourseTest(
    db,
    learnerId,
    target,
    {
      continue: body.continue ?? false,
      language: body.language ?? c.get('locale'),
      startsPerHour: config.ZHOL_TEST_STARTS_PER_HOUR,
    },
    now(),
  );
  return c.json(await examinationOf(db, learnerId, id, now()));
}

export const courseRoutes = new Hono<Env>({ strict: false })
  .use(requireAuth)
  .get('/access/education/info', async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await courseInfo(db, c.get('learner').id, c.get('locale'), now()));
  })
  .get('/access/education/modules', async (c) => {
    const { db, now } = c.get('deps');
    return c.json({ data: await courseModules(db, c.get('learner').id, c.get('locale'), now()) });
  })
  // Viewed when the call succeeds; no body. 403 for a lesson of a locked module.
  .put('/access/education/lessons/:id/view', async (c) => {
    const { db, now } = c.get('deps');
    return c.json(await viewLesson(db, c.get('learner').id, pathId(c), c.get('locale'), now()));
  })
  .post('/access/education/lessons/:id/test', (c) => startTest(c, { kind: 'lesson', id: pathId(c) }))
  .post('/access/education/modules/:id/test', (c) => startTest(c, { kind: 'module', id: pathId(c) }))
  .post('/access/education/final/test', (c) => startTest(c, { kind: 'final' }));
