// My purchases: the learner's active accesses, the selected qualification (saved per user as
// `selected-qual`, else the first test access) and its themes (cached per user in `test-themes`).
import { atom, computed } from 'nanostores';
import { apiRequest, type ApiRequestError } from '../../client/api';
import { $user } from '../../client/auth';
import { onUserCleared, registerUserLoader } from '../../client/session';
import { readUserSetting, writeUserSetting } from '../../client/user-storage';
import type { AccessView } from '../../shared/api/accesses';
import type { QualificationView, ThemeView } from '../../shared/api/exam';

// The wire types come from the server modules that build the answers (type-only: nothing of the
// server reaches the bundle).
export type AccessItem = AccessView;
export type Qualification = QualificationView;
/** A child qualification (listed under its parent, without children of its own). */
export type { QualificationEntry } from '../../shared/api/exam';
export type Theme = ThemeView & { checked: boolean };

export const SELECTED_QUAL_KEY = 'selected-qual';
export const TEST_THEMES_KEY = 'test-themes';

export const $accesses = atom<AccessItem[] | null>(null);
export const $qualifications = atom<Qualification[] | null>(null);
export const $selectedQualification = atom<number | null>(null);
export const $themes = atom<Theme[] | null>(null);

export const $testAccesses = computed($accesses, (list) => list?.filter((a) => a.type === 'test' && a.can) ?? []);
export const $autodromeAccesses = computed(
  $accesses,
  (list) => list?.filter((a) => a.type === 'autodrome' && a.can) ?? [],
);
export const $courseAccess = computed($accesses, (list) => list?.find((a) => a.type === 'education' && a.can) ?? null);

/** The qualification to select: the saved one while it is still accessible, else the first test access. */
export function pickQualification(
  saved: number | null,
  testAccesses: AccessItem[],
  allowed: number[] = [],
): number | null {
  const ids = new Set([...testAccesses.map((a) => a.target.id), ...allowed]);
  if (saved !== null && ids.has(saved)) return saved;
  return testAccesses[0]?.target.id ?? null;
}

export async function loadAccesses(): Promise<void> {
  // All of them, ended ones too: a learner whose accesses ended is told what ended and when.
  const { data } = await apiRequest<{ data: AccessItem[] }>('/rest/v1/core/user/accesses/');
  $accesses.set(data);
  const user = $user.get();
  if (!user) return;
  const tests = data.filter((a) => a.type === 'test' && a.can);
  if (!tests.length) return;
  const { data: quals } = await apiRequest<{ data: Qualification[] }>('/rest/v1/core/user/access/qualifications/');
  $qualifications.set(quals);
  const childIds = quals.flatMap((q) => q.children.map((c) => c.id));
  const selected = pickQualification(readUserSetting<number | null>(user.id, SELECTED_QUAL_KEY, null), tests, childIds);
  if (selected !== null) await selectQualification(selected);
}

/** Selects a qualification and fetches its themes unless they are saved locally. */
export async function selectQualification(id: number): Promise<void> {
  const user = $user.get();
  if (!user) return;
  $selectedQualification.set(id);
  writeUserSetting(user.id, SELECTED_QUAL_KEY, id);
  const saved = readUserSetting<Record<string, Theme[]>>(user.id, TEST_THEMES_KEY, {});
  if (saved[id]?.length) {
    $themes.set(saved[id]);
    return;
  }
  $themes.set(null);
  try {
    const { data } = await apiRequest<{ data: ThemeView[] }>('/rest/v1/core/user/access/qualification/themes/', {
      query: { qualification: id },
    });
    const themes = data.map((t) => ({ ...t, checked: false }));
    writeUserSetting(user.id, TEST_THEMES_KEY, { ...saved, [id]: themes });
    if ($selectedQualification.get() === id) $themes.set(themes);
  } catch (error) {
    // A 403 on data loads is logged and ends loading (spec §6).
    console.warn('[zhol] themes:', (error as ApiRequestError).desc ?? error);
    $themes.set([]);
  }
}

registerUserLoader('accesses', loadAccesses);
onUserCleared(() => {
  $accesses.set(null);
  $qualifications.set(null);
  $selectedQualification.set(null);
  $themes.set(null);
});
