// The signed-in learner's profile as the page shows it: name, unread notifications, what they may use now.
import type { Kysely } from 'kysely';
import type { ProfileView } from '../../shared/api/session';
import type { Database, Learner } from '../db/schema';
import { accessFlags } from './accesses';
import { unreadNotificationCount } from './notifications';

export async function learnerProfile(
  db: Kysely<Database>,
  learner: Pick<Learner, 'id' | 'fullname'>,
  now: Date,
): Promise<ProfileView> {
  return {
    id: learner.id,
    fullname: learner.fullname,
    notifications: await unreadNotificationCount(db, learner.id),
    accesses: await accessFlags(db, learner.id, now),
  };
}
