// English: the same area files and keys as ru (tsc checks missing keys, messages.test.ts extra ones).
import shell from './shell.json';
import account from './account.json';
import exam from './exam.json';
import statistics from './statistics.json';
import course from './course.json';
import autodrome from './autodrome.json';
import rules from './rules.json';
import centre from './centre.json';
import readiness from './readiness.json';
import lessons from './lessons.json';
import offline from './offline.json';
import pwa from './pwa.json';
import { dictionaryOf, type AreaFilesLike } from '../dictionary';
import type { areas as ruAreas } from '../ru';

export const areas = {
  shell,
  account,
  exam,
  statistics,
  course,
  autodrome,
  rules,
  centre,
  readiness,
  lessons,
  offline,
  pwa,
} satisfies AreaFilesLike<typeof ruAreas>;
export default dictionaryOf(areas);
