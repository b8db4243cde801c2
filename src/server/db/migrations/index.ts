// Migrations are listed here explicitly (not read from a folder) so bundling keeps them.
// Names sort by date; never rename or edit one that has shipped.
import type { Migration } from 'kysely/migration';
import * as accounts from './2026-11-22-0001-accounts';
import * as exams from './2026-11-22-0002-exams';
import * as pageViews from './2026-11-22-0003-page-views';
import * as imageAlt from './2026-11-23-0004-image-alt';
import * as examBegin from './2026-11-25-0005-exam-begin';
import * as operatorBank from './2026-11-25-0007-operator-bank';
import * as notificationLanguages from './2026-11-25-0008-notification-languages';
import * as autodromeLessons from './2026-11-25-0009-autodrome-lessons';
import * as course from './2026-11-25-0010-course';
import * as questionMemory from './2026-11-27-0011-question-memory';
import * as ungradedTrainings from './2026-11-27-0012-ungraded-trainings';
import * as lessonCaptions from './2026-11-27-0013-lesson-captions';
import * as autodromeCategories from './2026-11-27-0014-autodrome-categories';
import * as offlineAnswers from './2026-11-27-0015-offline-answers';
import * as deviceCookies from './2026-11-27-0016-device-cookies';
import * as testStarts from './2026-11-27-0017-test-starts';
import * as pageViewMarks from './2026-11-27-0018-page-view-marks';
import * as examProtocol from './2026-11-27-0019-exam-protocol';

export const migrations: Record<string, Migration> = {
  '2026-11-22-0001-accounts': accounts,
  '2026-11-22-0002-exams': exams,
  '2026-11-22-0003-page-views': pageViews,
  '2026-11-23-0004-image-alt': imageAlt,
  '2026-11-25-0005-exam-begin': examBegin,
  '2026-11-25-0007-operator-bank': operatorBank,
  '2026-11-25-0008-notification-languages': notificationLanguages,
  '2026-11-25-0009-autodrome-lessons': autodromeLessons,
  '2026-11-25-0010-course': course,
  '2026-11-27-0011-question-memory': questionMemory,
  '2026-11-27-0012-ungraded-trainings': ungradedTrainings,
  '2026-11-27-0013-lesson-captions': lessonCaptions,
  '2026-11-27-0014-autodrome-categories': autodromeCategories,
  '2026-11-27-0015-offline-answers': offlineAnswers,
  '2026-11-27-0016-device-cookies': deviceCookies,
  '2026-11-27-0017-test-starts': testStarts,
  '2026-11-27-0018-page-view-marks': pageViewMarks,
  '2026-11-27-0019-exam-protocol': examProtocol,
};
