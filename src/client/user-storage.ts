// Local per-user settings (DESIGN §5): browser storage keyed by user id, so two learners sharing a
// browser never see each other's choices. Keys: selected-qual, test-themes, test settings.
import { storedJSON } from './browser-storage';

export function userKey(userId: number, key: string): string {
  return `zhol:${userId}:${key}`;
}

/** The learner's stored setting as a store (persistent, synced across tabs while listened to). */
export function userSetting<T>(userId: number, key: string) {
  return storedJSON<T>(userKey(userId, key));
}

export function readUserSetting<T>(userId: number, key: string, fallback: T): T {
  const value = userSetting<T>(userId, key).get();
  return value === undefined ? fallback : value;
}

export function writeUserSetting(userId: number, key: string, value: unknown): void {
  userSetting(userId, key).set(value);
}
