// The learner's autodromes (GET …/access/autodromes/ and …/autodromes/{id}): the wire types.

export interface AutodromeTarget {
  id: number;
  name: string;
  city: string;
  categories: string[];
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
