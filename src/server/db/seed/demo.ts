// Demo accounts and data (ZHOL_DEMO): added once, by login, never overwritten. Password for all
// three: zhol-demo-2025 (shown in the README).
import type { Kysely } from 'kysely';
import type { AccessType } from '../../../shared/api/accesses';
import type { Database } from '../schema';
import { normalizePhone } from '../../services/learners';
import { hashPassword } from '../../services/passwords';

export const DEMO_PASSWORD = 'zhol-demo-2025';
const DAY = 86_400_000;

interface DemoLearner {
  login: string;
  email: string;
  phone: string | null;
  fullname: string;
  accesses: 'active' | 'ended' | 'none';
  notifications: boolean;
}

export const demoLearners: DemoLearner[] = [
  {
    login: 'learner',
    email: 'learner@zhol.example',
    phone: '+7 701 000 00 01',
    fullname: 'Айгерим Сейткали',
    accesses: 'active',
    notifications: true,
  },
  {
    login: 'newcomer',
    email: 'newcomer@zhol.example',
    phone: null,
    fullname: 'Данияр Ахметов',
    accesses: 'none',
    notifications: false,
  },
  {
    login: 'expired',
    email: 'expired@zhol.example',
    phone: null,
    fullname: 'Ольга Ким',
    accesses: 'ended',
    notifications: false,
  },
];

export async function seedDemo(db: Kysely<Database>, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const qualification = async (code: string) =>
    (await db.selectFrom('qualifications').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const targets: { type: AccessType; target_id: number }[] = [
    { type: 'test', target_id: await qualification('B') },
    { type: 'test', target_id: await qualification('C') },
    {
      type: 'autodrome',
      target_id: (await db.selectFrom('autodromes').select('id').where('code', '=', 'almaty').executeTakeFirstOrThrow())
        .id,
    },
    {
      type: 'education',
      target_id: (await db.selectFrom('courses').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
    },
  ];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const demo of demoLearners) {
    const exists = await db.selectFrom('learners').select('id').where('login', '=', demo.login).executeTakeFirst();
    if (exists) continue;
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('learners')
        .values({
          login: demo.login,
          email: demo.email,
          phone: demo.phone,
          phone_digits: demo.phone ? normalizePhone(demo.phone) : null,
          fullname: demo.fullname,
          password_hash: passwordHash,
          blocked: 0,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (demo.accesses !== 'none') {
        const [start, end] =
          demo.accesses === 'active'
            ? [new Date(now.getTime() - 30 * DAY), new Date(now.getTime() + 335 * DAY)]
            : [new Date(now.getTime() - 400 * DAY), new Date(now.getTime() - 35 * DAY)];
        await trx
          .insertInto('accesses')
          .values(
            targets.map((t) => ({
              learner_id: id,
              ...t,
              start_at: start.toISOString(),
              end_at: end.toISOString(),
              revoked_at: null,
              created_at: at,
            })),
          )
          .execute();
      }
      if (demo.notifications) {
        await trx
          .insertInto('notifications')
          .values([
            {
              learner_id: id,
              title: 'Добро пожаловать в Zhol!',
              text: 'Начните с основного теста — он устроен как в экзаменационном центре.',
              title_ru: 'Добро пожаловать в Zhol!',
              text_ru: 'Начните с основного теста — он устроен как в экзаменационном центре.',
              title_kz: 'Zhol-ға қош келдіңіз!',
              text_kz: 'Негізгі тесттен бастаңыз — ол емтихан орталығындағыдай құрылған.',
              title_en: 'Welcome to Zhol!',
              text_en: 'Start with the main test: it works like the one at the exam centre.',
              color: 'success',
              web: null,
              created_at: new Date(now.getTime() - 3 * DAY).toISOString(),
              read_at: new Date(now.getTime() - 2 * DAY).toISOString(),
            },
            {
              learner_id: id,
              title: 'Обновлена база вопросов',
              text: 'Добавлены вопросы по разметке и сигналам регулировщика.',
              title_ru: 'Обновлена база вопросов',
              text_ru: 'Добавлены вопросы по разметке и сигналам регулировщика.',
              title_kz: 'Сұрақтар базасы жаңартылды',
              text_kz: 'Жол таңбасы мен реттеушінің белгілері бойынша сұрақтар қосылды.',
              title_en: 'The question bank is updated',
              text_en: 'New questions on road markings and traffic controller signals.',
              color: 'info',
              web: 'https://zhol.example/news/questions',
              created_at: new Date(now.getTime() - DAY).toISOString(),
              read_at: null,
            },
            {
              learner_id: id,
              title: 'Доступ к видеокурсу',
              text: 'Видеокурс по ПДД открыт: 5 модулей и 39 уроков.',
              title_ru: 'Доступ к видеокурсу',
              text_ru: 'Видеокурс по ПДД открыт: 5 модулей и 39 уроков.',
              title_kz: 'Бейнекурсқа қолжетімділік',
              text_kz: 'ЖҚЕ бойынша бейнекурс ашық: 5 модуль және 39 сабақ.',
              title_en: 'Video course access',
              text_en: 'The traffic rules video course is open: 5 modules and 39 lessons.',
              color: 'warning',
              web: null,
              created_at: at,
              read_at: null,
            },
          ])
          .execute();
      }
    });
  }
}
