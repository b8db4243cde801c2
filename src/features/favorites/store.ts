// Favourite questions (spec: Favorites): their ids, fetched after sign-in, and adding or removing
// one. Every call answers with the whole list, which replaces ours.
import { atom } from 'nanostores';
import { apiRequest } from '../../client/api';
import { onUserCleared, registerUserLoader } from '../../client/session';

const BASE = '/rest/v1/core/user/favorite/questions';

export const $favoriteIds = atom<number[] | null>(null);

export async function loadFavorites(): Promise<number[]> {
  const { data } = await apiRequest<{ data: number[] }>(`${BASE}/ids`);
  $favoriteIds.set(data);
  return data;
}

/** Adds (on = true) or removes a question; returns whether it is a favourite now. */
export async function setFavorite(questionId: number, on: boolean): Promise<boolean> {
  const { data } = on
    ? await apiRequest<{ data: number[] }>(`${BASE}/`, { method: 'POST', body: { id: questionId } })
    : await apiRequest<{ data: number[] }>(`${BASE}/${questionId}`, { method: 'DELETE' });
  $favoriteIds.set(data);
  return data.includes(questionId);
}

export function isFavorite(ids: number[] | null, questionId: number): boolean {
  return !!ids?.includes(questionId);
}

registerUserLoader('favorites', loadFavorites);
onUserCleared(() => $favoriteIds.set(null));
