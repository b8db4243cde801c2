// Russian: the reference dictionary every other locale must match, area by area.
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
import { dictionaryOf } from '../dictionary';

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
};
export default dictionaryOf(areas);
