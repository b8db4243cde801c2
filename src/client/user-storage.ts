// Local per-user settings (DESIGN §5): browser storage keyed by user id, so two learners sharing a
// browser never see each other's choices. Keys: selected-qual, test-themes, test settings.
export function userKey(userId: number, key: string): string {
  return `zhol:${userId}:${key}`;
}

export function readUserSetting<T>(userId: number, key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(userKey(userId, key));
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeUserSetting(userId: number, key: string, value: unknown): void {
  try {
    localStorage.setItem(userKey(userId, key), JSON.stringify(value));
  } catch {
    /* storage full or blocked */
  }
}
