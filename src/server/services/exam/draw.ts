// Drawing (DESIGN §6): which questions a test gets. The exam follows its qualification's theme
// blueprint; the trainings draw by their mode. The pure rules (drawBlueprint, spreadOverThemes,
// shuffle) live in src/shared/exam.ts; this file feeds them the pool from the database.
import type { TrainingMode } from '../../../shared/api/exam';
import { drawBlueprint, shuffle, spreadOverThemes, type Random } from '../../../shared/exam';
import { lastAnswers, type Db } from '../../repositories/examinations';
import { bankQuestions } from '../../repositories/questions';
import { DomainError } from '../domain-error';
import { SMART_TRAINING_MAX } from '../readiness';

/** How many questions a training draw takes when `extras.count` does not say (a lesson's credit test 10, a module's 20, the course's final test an exam's worth). */
const TRAINING_SIZE: Record<TrainingMode, number> = {
  train: 40,
  themes: 100,
  favorites: 100,
  incorrect: 100,
  lesson: 10,
  module: 20,
  final: 40,
  smart: SMART_TRAINING_MAX,
};

/** What a start request asks of the draw (and of a training's clock: `time`). */
export interface DrawExtras {
  mode?: TrainingMode | undefined;
  themes?: number[] | undefined;
  time?: number | undefined;
  count?: number | undefined;
  /** A lesson's credit test: exactly these questions (the course's, services/course.ts), in random order. */
  questions?: number[] | undefined;
}

/** Active question ids serving a qualification, optionally of some themes, grouped by theme. */
async function pool(db: Db, qualificationId: number, themeIds?: number[]): Promise<Map<number, number[]>> {
  const byTheme = new Map<number, number[]>();
  for (const r of await bankQuestions(db, qualificationId, themeIds))
    byTheme.set(r.theme_id, [...(byTheme.get(r.theme_id) ?? []), r.id]);
  return byTheme;
}

/** Every active question id serving a qualification: what there is to know of it (statistics). */
export async function questionPool(db: Db, qualificationId: number): Promise<number[]> {
  return [...(await pool(db, qualificationId)).values()].flat();
}

/** The exam draw by the qualification's theme blueprint (the rule itself is drawBlueprint in the shared exam module). */
export async function drawByBlueprint(
  db: Db,
  qualificationId: number,
  total: number,
  random: Random,
): Promise<number[]> {
  const blueprint = await db
    .selectFrom('qualification_themes')
    .select(['theme_id', 'exam_questions'])
    .where('qualification_id', '=', qualificationId)
    .orderBy('sort')
    .execute();
  return drawBlueprint(
    blueprint.map((b) => ({ theme: b.theme_id, share: b.exam_questions })),
    await pool(db, qualificationId),
    total,
    random,
  );
}

/**
 * The training draws (DESIGN §6). `train` and the course's `final` test follow the exam's blueprint
 * (`extras.count` questions, an exam's worth by default); `themes` takes the chosen themes; a
 * lesson's and a module's credit tests take their themes (`extras.themes`, sent by the course
 * page; all of the qualification's when absent), 10 and 20 questions spread evenly over them.
 */
export async function drawTraining(
  db: Db,
  learnerId: number,
  qualificationId: number,
  mode: TrainingMode,
  extras: DrawExtras,
  random: Random,
): Promise<number[]> {
  // The smart training is drawn from the learner's memory (services/readiness.ts drawSmart).
  if (mode === 'smart') throw new Error('drawTraining: the smart training is drawn by drawSmart');
  const size = Math.min(extras.count ?? TRAINING_SIZE[mode], 200);
  const all = (m: Map<number, number[]>) => [...m.values()].flat();
  if (mode === 'train' || mode === 'final') {
    const q = await db
      .selectFrom('qualifications')
      .select('exam_questions')
      .where('id', '=', qualificationId)
      .executeTakeFirstOrThrow();
    return drawByBlueprint(db, qualificationId, Math.min(extras.count ?? q.exam_questions, 200), random);
  }
  if (mode === 'lesson' && extras.questions?.length) {
    const allowed = new Set(all(await pool(db, qualificationId)));
    return shuffle(
      extras.questions.filter((id) => allowed.has(id)),
      random,
    ).slice(0, extras.count ?? extras.questions.length);
  }
  if (mode === 'themes' && !extras.themes?.length) throw new DomainError('invalid', 'errors.themesRequired');
  if (mode === 'themes' || mode === 'lesson' || mode === 'module') {
    return spreadOverThemes(
      await pool(db, qualificationId, extras.themes?.length ? extras.themes : undefined),
      size,
      random,
    );
  }
  const allowed = new Set(all(await pool(db, qualificationId)));
  if (mode === 'favorites') {
    const favs = await db
      .selectFrom('favorite_questions')
      .select('question_id')
      .where('learner_id', '=', learnerId)
      .execute();
    return shuffle(
      favs.map((f) => f.question_id).filter((id) => allowed.has(id)),
      random,
    ).slice(0, size);
  }
  // incorrect: the learner's last answer to the question was wrong (answered wrong, not since right).
  const last = await lastAnswers(db, learnerId);
  return shuffle(
    [...last].filter(([id, correct]) => correct === false && allowed.has(id)).map(([id]) => id),
    random,
  ).slice(0, size);
}
