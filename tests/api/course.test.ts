// The video course's calls (issue 11) on both databases, through the real routes and the real exam
// calls: the progress block, the modules, marking a lesson viewed, the credit, module and final
// tests, module gating enforced by the server, one learner never seeing another's progress, no
// access and an ended access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { seedDemo } from '../../src/server/db/seed/demo';
import { loadContent } from '../../src/server/services/content';
import { syncQuestionContent } from '../../src/server/services/questions/sources';
import type { ModuleView as Module } from '../../src/shared/api/course';
import { signedIn, type ApiClient } from '../support/client';
import { createTestDb, dialects, type TestDb } from '../support/db';

const DAY = 86_400_000;
const EDU = '/v1/core/user/access/education';

describe.each(dialects)('video course on %s', (dialect) => {
  let t: TestDb;
  const app = createApp(async () => t.deps);
  const clients: Record<string, ApiClient> = {};
  let learnerAccessEnd = '';

  beforeAll(async () => {
    t = await createTestDb(dialect);
    await syncQuestionContent(t.deps.db, loadContent());
    await seedDemo(t.deps.db, t.clock.now);
    for (const login of ['learner', 'newcomer', 'expired']) clients[login] = await signedIn(app, login);
    const learner = await t.deps.db
      .selectFrom('learners')
      .select('id')
      .where('login', '=', 'learner')
      .executeTakeFirstOrThrow();
    learnerAccessEnd = (
      await t.deps.db
        .selectFrom('accesses')
        .select('end_at')
        .where('learner_id', '=', learner.id)
        .where('type', '=', 'education')
        .executeTakeFirstOrThrow()
    ).end_at;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const call = (method: string, path: string, who = 'learner', lang = 'en', body?: unknown) =>
    clients[who]!.request(method, path, { lang, ...(body !== undefined ? { body } : {}) });
  const json = async (method: string, path: string, who = 'learner', lang = 'en') => {
    const res = await call(method, path, who, lang);
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(200);
    return res.json();
  };
  const modules = async (who = 'learner', lang = 'en') =>
    (await json('GET', `${EDU}/modules/`, who, lang)).data as Module[];
  const info = (who = 'learner', lang = 'en') => json('GET', `${EDU}/info/?upd=1`, who, lang);
  const correctOf = async (questionId: number) =>
    (await t.deps.db.selectFrom('questions').select('correct').where('id', '=', questionId).executeTakeFirstOrThrow())
      .correct;

  /** Starts a course test and answers every question, right or (the first `wrong`) wrong; returns the examination. */
  async function takeTest(path: string, who = 'learner', wrong = 0) {
    // A lesson's credit test opens once the lesson is watched or read (issue 22).
    const lesson = /\/lessons\/(\d+)\/test\/$/.exec(path)?.[1];
    if (lesson) expect((await call('PUT', `${EDU}/lessons/${lesson}/view/`, who)).status).toBe(200);
    const res = await call('POST', path, who);
    expect(res.status, await res.clone().text()).toBe(200);
    const exam = await res.json();
    let status = '';
    for (const [i, slot] of (exam.answers as { id: number; question: number }[]).entries()) {
      const right = await correctOf(slot.question);
      const value = i < wrong ? (right === 1 ? 2 : 1) : right;
      const answered = await clients[who]!.json('POST', '/v1/core/user/examinations/answer/', { id: slot.id, value });
      status = answered.status;
    }
    expect(status).toBe('done');
    return clients[who]!.json('GET', `/v1/core/user/examinations/${exam.id}`);
  }

  it('lists 5 modules and 39 lessons in the learner’s language, only the first module open', async () => {
    const list = await modules();
    expect(list).toHaveLength(5);
    expect(list.flatMap((m) => m.lessons)).toHaveLength(39);
    expect(list.map((m) => [m.opened, m.passed])).toEqual([
      [true, false],
      [false, false],
      [false, false],
      [false, false],
      [false, false],
    ]);
    const first = list[0]!.lessons[0]!;
    expect(first).toMatchObject({
      number: 1,
      name: 'Terms of the Rules',
      viewed: false,
      passed: false,
      test_questions: 5,
      code: 'lesson-01',
      video: {
        mp4: '/media/course/lesson-01.mp4',
        poster: '/media/course/lesson-01.jpg',
        embed: null,
        captions: {
          ru: '/media/course/lesson-01.ru.vtt',
          kz: '/media/course/lesson-01.kz.vtt',
          en: '/media/course/lesson-01.en.vtt',
        },
        chapters: {
          ru: '/media/course/lesson-01.chapters.ru.vtt',
          kz: '/media/course/lesson-01.chapters.kz.vtt',
          en: '/media/course/lesson-01.chapters.en.vtt',
        },
      },
    });
    expect(list.at(-1)!.lessons.at(-1)!.number).toBe(39);
    const ru = await modules('learner', 'ru');
    expect(ru[0]!.lessons[0]!.name).toBe('Термины Правил');
    const kz = await modules('learner', 'kk');
    expect(kz[0]!.name).toBe('Негіздер: терминдер және жүргізуші');
  });

  it('gives the progress block: nothing mastered, 39 lessons left, the course ending with the access', async () => {
    const first = (await modules())[0]!;
    expect(await info()).toMatchObject({
      course: { name: 'Traffic rules video course' },
      date_end: learnerAccessEnd,
      theory_percent: 0,
      lessons_total: 39,
      lessons_passed: 0,
      lessons_left: 39,
      modules_total: 5,
      modules_passed: 0,
      final: { opened: false, passed: false, date_passed: null },
      passed: false,
      next: { step: 'video', module: first.id, lesson: first.lessons[0]!.id },
    });
  });

  it('refuses a lesson’s credit test before the lesson is watched or read (409, in the learner’s language), starting nothing', async () => {
    const lesson = (await modules())[0]!.lessons[0]!;
    const learner = await t.deps.db
      .selectFrom('learners')
      .select('id')
      .where('login', '=', 'learner')
      .executeTakeFirstOrThrow();
    const count = async (table: 'examinations' | 'course_tests') =>
      (await t.deps.db.selectFrom(table).select('learner_id').where('learner_id', '=', learner.id).execute()).length;
    const before = [await count('examinations'), await count('course_tests')];
    for (const [lang, desc] of [
      ['ru', 'Сначала посмотрите урок или отметьте, что прочитали его.'],
      ['kk', 'Алдымен сабақты көріңіз немесе оны оқығаныңызды белгілеңіз.'],
      ['en', 'Watch the lesson or mark it read first.'],
    ] as const) {
      for (const body of [{}, { continue: true }]) {
        const res = await call('POST', `${EDU}/lessons/${lesson.id}/test/`, 'learner', lang, body);
        expect(res.status).toBe(409);
        expect((await res.json()).desc).toBe(desc);
      }
    }
    expect([await count('examinations'), await count('course_tests')]).toEqual(before);
    expect((await modules())[0]!.lessons[0]).toMatchObject({ viewed: false, passed: false });
    expect((await info()).next).toMatchObject({ step: 'video', lesson: lesson.id });
  });

  it('marks a lesson viewed when the call succeeds (no body, again without change), and the next step moves to its test', async () => {
    const lesson = (await modules())[0]!.lessons[0]!;
    for (let i = 0; i < 2; i++) {
      const res = await call('PUT', `${EDU}/lessons/${lesson.id}/view/`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ id: lesson.id, viewed: true });
    }
    expect((await modules())[0]!.lessons[0]!.viewed).toBe(true);
    expect((await info()).next).toMatchObject({ step: 'lesson_test', lesson: lesson.id });
    expect((await info()).lessons_viewed).toBe(1);
  });

  it('refuses a lesson of a locked module (403, in the learner’s language), an unknown lesson (404) and a bad id (400)', async () => {
    const locked = (await modules())[1]!.lessons[0]!;
    const view = await call('PUT', `${EDU}/lessons/${locked.id}/view/`, 'learner', 'ru');
    expect(view.status).toBe(403);
    expect((await view.json()).desc).toBe('Этот модуль откроется после того, как вы сдадите тест предыдущего модуля.');
    expect((await call('POST', `${EDU}/lessons/${locked.id}/test/`)).status).toBe(403);
    expect((await call('POST', `${EDU}/modules/${(await modules())[1]!.id}/test/`)).status).toBe(403);
    expect((await modules())[1]!.lessons[0]!.viewed).toBe(false);
    expect((await call('PUT', `${EDU}/lessons/999999/view/`)).status).toBe(404);
    expect((await call('PUT', `${EDU}/lessons/abc/view/`)).status).toBe(400);
    expect((await call('PUT', `${EDU}/lessons/-1/view/`)).status).toBe(400);
  });

  it('draws a lesson’s credit test from exactly its questions, and passing it moves the progress', async () => {
    const lesson = (await modules())[0]!.lessons[0]!;
    const start = await (await call('POST', `${EDU}/lessons/${lesson.id}/test/`)).json();
    expect(start.mode).toBe('lesson');
    const codes = await t.deps.db
      .selectFrom('questions')
      .select('code')
      .where(
        'id',
        'in',
        start.questions.map((q: { id: number }) => q.id),
      )
      .execute();
    expect(codes.map((c) => c.code).sort()).toEqual([
      'general-001',
      'general-002',
      'general-005',
      'general-006',
      'general-007',
    ]);
    // Starting again takes up the same, never begun, test.
    expect((await (await call('POST', `${EDU}/lessons/${lesson.id}/test/`)).json()).id).toBe(start.id);
    const done = await takeTest(`${EDU}/lessons/${lesson.id}/test/`);
    expect(done.status).toBe('passed');
    expect((await modules())[0]!.lessons[0]!.passed).toBe(true);
    expect(await info()).toMatchObject({ theory_percent: 2, lessons_passed: 1, lessons_left: 38 });
    expect((await info()).next).toMatchObject({ step: 'video', lesson: (await modules())[0]!.lessons[1]!.id });
  });

  it('does not count a failed credit test', async () => {
    const lesson = (await modules())[0]!.lessons[1]!;
    // 6 questions: one mistake is within the share (8 of 40), three are not.
    const failed = await takeTest(`${EDU}/lessons/${lesson.id}/test/`, 'learner', 3);
    expect(failed.status).toBe('failed');
    expect((await modules())[0]!.lessons[1]!.passed).toBe(false);
    expect((await info()).lessons_passed).toBe(1);
  });

  it('opens the module test only when all its lessons are passed, and the next module only when the module test is', async () => {
    const [first, second] = await modules();
    const early = await call('POST', `${EDU}/modules/${first!.id}/test/`, 'learner', 'en');
    expect(early.status).toBe(403);
    expect((await early.json()).desc).toBe('The module test opens once you pass the credit tests of all its lessons.');
    for (const lesson of first!.lessons.filter((l) => !l.passed))
      expect((await takeTest(`${EDU}/lessons/${lesson.id}/test/`)).status).toBe('passed');
    expect((await modules())[0]!.test_opened).toBe(true);
    expect((await info()).next).toMatchObject({ step: 'module_test', module: first!.id });
    // A failed module test keeps the next module locked.
    const failed = await takeTest(`${EDU}/modules/${first!.id}/test/`, 'learner', 10);
    expect(failed.mode).toBe('module');
    expect(failed.question_count).toBe(20);
    expect(failed.status).toBe('failed');
    expect((await modules())[1]!.opened).toBe(false);
    expect((await call('PUT', `${EDU}/lessons/${second!.lessons[0]!.id}/view/`)).status).toBe(403);
    // Passed: module 2 opens (and only it).
    expect((await takeTest(`${EDU}/modules/${first!.id}/test/`)).status).toBe('passed');
    const after = await modules();
    expect(after.map((m) => [m.opened, m.passed])).toEqual([
      [true, true],
      [true, false],
      [false, false],
      [false, false],
      [false, false],
    ]);
    expect((await call('PUT', `${EDU}/lessons/${second!.lessons[0]!.id}/view/`)).status).toBe(200);
    expect((await call('PUT', `${EDU}/lessons/${after[2]!.lessons[0]!.id}/view/`)).status).toBe(403);
    expect(await info()).toMatchObject({ modules_passed: 1, lessons_passed: 8, lessons_left: 31, theory_percent: 20 });
  }, 120_000);

  it('keeps the final test locked until every module is passed', async () => {
    const res = await call('POST', `${EDU}/final/test/`, 'learner', 'en');
    expect(res.status).toBe(403);
    expect((await res.json()).desc).toBe('The final test opens once you pass the tests of all modules.');
  });

  it('never shows one learner another’s progress, and a course test is the taker’s own', async () => {
    // newcomer gets the course only (no test access): the course tests still run under it.
    const newcomer = await t.deps.db
      .selectFrom('learners')
      .select('id')
      .where('login', '=', 'newcomer')
      .executeTakeFirstOrThrow();
    const course = await t.deps.db.selectFrom('courses').select('id').executeTakeFirstOrThrow();
    // Before it, no access at all: 403 on every course call.
    for (const [method, path] of [
      ['GET', `${EDU}/info/`],
      ['GET', `${EDU}/modules/`],
      ['PUT', `${EDU}/lessons/${(await modules())[0]!.lessons[0]!.id}/view/`],
      ['POST', `${EDU}/final/test/`],
    ] as const) {
      const res = await call(method, path, 'newcomer', 'en');
      expect(res.status, `${method} ${path}`).toBe(403);
      expect((await res.json()).desc).toBe('You have no active access to this. Buy or renew access to continue.');
    }
    await t.deps.db
      .insertInto('accesses')
      .values({
        learner_id: newcomer.id,
        type: 'education',
        target_id: course.id,
        start_at: new Date(t.clock.now.getTime() - DAY).toISOString(),
        end_at: new Date(t.clock.now.getTime() + 30 * DAY).toISOString(),
        revoked_at: null,
        created_at: t.clock.now.toISOString(),
      })
      .execute();
    const theirs = await modules('newcomer');
    expect(theirs.flatMap((m) => m.lessons).filter((l) => l.viewed || l.passed)).toEqual([]);
    expect(theirs.map((m) => m.opened)).toEqual([true, false, false, false, false]);
    expect(await info('newcomer')).toMatchObject({ theory_percent: 0, lessons_left: 39, modules_passed: 0 });
    // The learner's module 2 is not the newcomer's.
    expect((await call('PUT', `${EDU}/lessons/${theirs[1]!.lessons[0]!.id}/view/`, 'newcomer')).status).toBe(403);
    const exam = await takeTest(`${EDU}/lessons/${theirs[0]!.lessons[2]!.id}/test/`, 'newcomer');
    expect(exam.status).toBe('passed');
    expect((await call('GET', `/v1/core/user/examinations/${exam.id}`, 'learner')).status).toBe(404);
    // The learner's progress did not move with the newcomer's.
    expect((await info()).lessons_passed).toBe(8);
    expect((await info('newcomer')).lessons_passed).toBe(1);
  });

  it('opens the final test after every module, and passing it passes the course', async () => {
    // newcomer (course access given above) goes through all of it.
    for (const m of await modules('newcomer')) {
      for (const l of m.lessons.filter((l) => !l.passed))
        expect((await takeTest(`${EDU}/lessons/${l.id}/test/`, 'newcomer')).status).toBe('passed');
      expect((await takeTest(`${EDU}/modules/${m.id}/test/`, 'newcomer')).status).toBe('passed');
    }
    expect(await info('newcomer')).toMatchObject({
      theory_percent: 100,
      lessons_left: 0,
      modules_passed: 5,
      final: { opened: true, passed: false, questions: 40, allowed_mistakes: 8 },
      next: { step: 'final_test' },
    });
    // The final is graded as the course says, and its examination keeps the allowance: a course whose
    // final allowed 3 (the table changed here) fails a final with 4 mistakes, which the exam's share would pass.
    await t.deps.db.updateTable('courses').set({ final_allowed_mistakes: 3 }).execute();
    const strict = await takeTest(`${EDU}/final/test/`, 'newcomer', 4);
    expect(strict).toMatchObject({
      mode: 'final',
      allowed_mistakes: 3,
      pass_mistakes: 3,
      mistakes: 4,
      status: 'failed',
    });
    await t.deps.db.updateTable('courses').set({ final_allowed_mistakes: 8 }).execute();
    expect(await info('newcomer')).toMatchObject({ passed: false, final: { passed: false, allowed_mistakes: 8 } });
    // course.yaml's 8 of 40, the exam's rule: eight mistakes pass.
    const final = await takeTest(`${EDU}/final/test/`, 'newcomer', 8);
    expect(final).toMatchObject({
      mode: 'final',
      question_count: 40,
      allowed_mistakes: 8,
      mistakes: 8,
      status: 'passed',
    });
    const done = await info('newcomer');
    expect(done).toMatchObject({ passed: true, final: { passed: true }, next: { step: 'finished' } });
    expect(done.final.date_passed).toBe(final.finished_at);
    // Lessons stay open after the course is passed, until the access ends.
    expect(
      (await call('PUT', `${EDU}/lessons/${(await modules('newcomer'))[4]!.lessons[0]!.id}/view/`, 'newcomer')).status,
    ).toBe(200);
    // None of it is the learner's.
    expect(await info()).toMatchObject({ passed: false, modules_passed: 1, lessons_passed: 8 });
  }, 120_000);

  it('links a lesson’s test to that lesson even when another lesson’s unbegun test draws the same way', async () => {
    // Two lessons whose tests draw alike (content naming themes only, here both "general"): the
    // engine takes up an unbegun test with the same request, which must not hand lesson 2 the test
    // linked to lesson 1, whose pass would then count for lesson 1 alone.
    const [one, two] = (await modules())[0]!.lessons;
    const ids = [one!.id, two!.id];
    for (const id of ids) expect((await call('PUT', `${EDU}/lessons/${id}/view/`)).status).toBe(200);
    const saved = await t.deps.db
      .selectFrom('lessons')
      .select(['id', 'test_questions'])
      .where('id', 'in', ids)
      .execute();
    await t.deps.db.updateTable('lessons').set({ test_questions: '' }).where('id', 'in', ids).execute();
    try {
      const first = await (await call('POST', `${EDU}/lessons/${one!.id}/test/`, 'learner', 'en', {})).json();
      const second = await (await call('POST', `${EDU}/lessons/${two!.id}/test/`, 'learner', 'en', {})).json();
      expect(second.id).not.toBe(first.id);
      const link = await t.deps.db
        .selectFrom('course_tests')
        .select('lesson_id')
        .where('examination_id', '=', second.id)
        .executeTakeFirstOrThrow();
      expect(link.lesson_id).toBe(two!.id);
      // Lesson 1's test was abandoned for it (one open test per mode), so continuing lesson 1 draws anew.
      const again = await (
        await call('POST', `${EDU}/lessons/${one!.id}/test/`, 'learner', 'en', { continue: true })
      ).json();
      expect([first.id, second.id]).not.toContain(again.id);

      // Both started at the same moment (two tabs): each answer names a test linked to the lesson it was
      // asked for (one open test per mode, so the later start ends the earlier; never a test of the other).
      const both = await Promise.all(
        [one!, two!].map(async (l) => (await call('POST', `${EDU}/lessons/${l.id}/test/`, 'learner', 'en', {})).json()),
      );
      const links = await t.deps.db
        .selectFrom('course_tests')
        .select(['examination_id', 'lesson_id'])
        .where(
          'examination_id',
          'in',
          both.map((e) => e.id as number),
        )
        .execute();
      expect(links.map((l) => [l.examination_id, l.lesson_id]).sort()).toEqual(
        [
          [both[0].id, one!.id],
          [both[1].id, two!.id],
        ].sort(),
      );
    } finally {
      for (const row of saved)
        await t.deps.db
          .updateTable('lessons')
          .set({ test_questions: row.test_questions })
          .where('id', '=', row.id)
          .execute();
    }
  });

  it('says the access has ended to a learner whose access ended, and to one whose access ends while learning', async () => {
    const res = await call('GET', `${EDU}/info/`, 'expired', 'en');
    expect(res.status).toBe(403);
    expect((await res.json()).desc).toBe('Your access to the video course has ended. Renew it to continue.');
    // The learner's access ends (moved into the past; the clock stays, so the session does too).
    const learner = await t.deps.db
      .selectFrom('learners')
      .select('id')
      .where('login', '=', 'learner')
      .executeTakeFirstOrThrow();
    const ended = new Date(t.clock.now.getTime() - 1000).toISOString();
    const setEnd = (end: string) =>
      t.deps.db
        .updateTable('accesses')
        .set({ end_at: end })
        .where('learner_id', '=', learner.id)
        .where('type', '=', 'education')
        .execute();
    await setEnd(ended);
    try {
      const lesson = (await t.deps.db.selectFrom('lessons').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      for (const [method, path] of [
        ['GET', `${EDU}/modules/`],
        ['PUT', `${EDU}/lessons/${lesson}/view/`],
        ['POST', `${EDU}/lessons/${lesson}/test/`],
      ] as const) {
        const res = await call(method, path, 'learner', 'kk');
        expect(res.status).toBe(403);
        expect((await res.json()).desc).toBe(
          'Бейнекурсқа қолжетімділік аяқталды. Жалғастыру үшін қолжетімділікті ұзартыңыз.',
        );
      }
    } finally {
      await setEnd(learnerAccessEnd);
    }
    expect((await info()).lessons_passed).toBe(8);
  });

  it('needs a signed-in learner', async () => {
    expect((await app.request('/rest/v1/core/user/access/education/info/')).status).toBe(401);
  });
});
