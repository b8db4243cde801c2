// The learner's autodromes (GET …/access/autodromes/ and …/autodromes/{id}): the wire types.
import type { ClipTracks } from '../autodrom-clips';

export interface AutodromeTarget {
  id: number;
  name: string;
  city: string;
  /** The licence categories the autodrome examines; null while an operator has not set them. */
  categories: string[] | null;
  picture: string | null;
}

/** One entry of the list: the access (its id, can, end) and the autodrome it opens. */
export interface AutodromeAccessView {
  id: number;
  can: boolean;
  date_end: string;
  target: AutodromeTarget;
}

export interface PenaltyView {
  fault: string;
  points: number;
  gross: boolean;
}

export interface ExerciseView {
  id: number;
  code: string;
  name: string;
  description: string;
  poster: string | null;
  penalties: PenaltyView[];
}

export interface LessonView {
  id: number;
  name: string;
  description: string;
  exercise: number;
  poster: string | null;
  video: { src: string; type: string } | null;
  /** Caption and chapter tracks (WebVTT per language) of the exercise's own clip; null for another video. */
  tracks: ClipTracks | null;
  embed: string | null;
  duration: number | null;
  viewed: boolean;
}

export interface Progress {
  viewed: number;
  total: number;
  percent: number;
}

export interface AutodromeDetail extends AutodromeTarget {
  access: { id: number; date_end: string };
  progress: Progress;
  sections: { id: number; name: string; lessons: LessonView[] }[];
  exercises: ExerciseView[];
}
