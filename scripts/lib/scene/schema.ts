// The scene files' format (issue 22's contract, content/course/SCENES.md): a lesson file
// (content/course/lessons/lesson-NN.yaml) and an autodrome video file (content/autodromes/videos/<code>.yaml).
// Strict on purpose: a typo in a key is an error, not a silently missing car. Checks that need other
// files (the lesson or exercise code exists, a sign has a drawing) live in check.ts; this file is pure.
import { z } from 'zod';
import { trilingualText } from '../../../src/shared/friendly-parse';
import { LAYOUTS } from './presets';

/** Seconds in whole or half steps, so frame times and caption times stay exact. */
const halfSeconds = z
  .number()
  .nonnegative()
  .refine((n) => Number.isInteger(n * 2), 'must be whole or .5 seconds');
/** Caption and key times may be any tenth of a second (a cue may start at 2.3 s). */
const seconds = z
  .number()
  .nonnegative()
  .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, 'must be a multiple of 0.1 s');
const point = z.tuple([z.number(), z.number()]);
const show = z
  .tuple([seconds, seconds])
  .refine(([a, b]) => a < b, 'show: [from, to] needs from < to')
  .optional();

const MOVER_KINDS = [
  'car',
  'truck',
  'bus',
  'tram',
  'moto',
  'bicycle',
  'pedestrian',
  'police-car',
  'ambulance',
  'fire-truck',
  'officer',
  'train',
] as const;
export const COLORS = ['red', 'blue', 'green', 'yellow', 'white', 'grey'] as const;
export const POSES = ['front', 'side', 'raised', 'right-arm'] as const;
export const LIGHT_STATES = ['red', 'yellow', 'green', 'red-yellow', 'green-flash', 'yellow-flash', 'off'] as const;
export const FILLS = ['grass', 'pavement', 'building', 'water', 'asphalt', 'parking'] as const;

const moverKey = z
  .object({
    t: seconds,
    x: z.number(),
    y: z.number(),
    angle: z.number().optional(),
    signal: z.enum(['left', 'right', 'hazard', 'none']).optional(),
    brake: z.boolean().optional(),
    beacon: z.enum(['blue', 'yellow', 'none']).optional(),
    pose: z.enum(POSES).optional(),
  })
  .strict();

/** Keys in time order, each time once. */
function timed<T extends z.ZodType<{ t: number }>>(key: T) {
  return z
    .array(key)
    .min(1)
    .superRefine((keys, ctx) => {
      for (let i = 1; i < keys.length; i++)
        if (keys[i]!.t <= keys[i - 1]!.t)
          ctx.addIssue({
            code: 'custom',
            path: [i, 't'],
            message: `keys must go forward in time: t ${keys[i]!.t} comes after t ${keys[i - 1]!.t}`,
          });
    });
}

const base = { show };
const road = z
  .object({
    kind: z.literal('road'),
    from: point,
    to: point,
    lanes: z.number().int().min(1).max(6).default(2),
    split: z.enum(['dashed', 'solid', 'double', 'none']).default('dashed'),
    ...base,
  })
  .strict();
const zebra = z
  .object({
    kind: z.literal('zebra'),
    at: point,
    angle: z.number().default(0),
    length: z.number().positive().default(64),
    ...base,
  })
  .strict();
const stopline = z.object({ kind: z.literal('stopline'), from: point, to: point, ...base }).strict();
const line = z
  .object({
    kind: z.literal('line'),
    from: point,
    to: point,
    style: z.enum(['solid', 'dashed']).default('solid'),
    color: z.enum(['white', 'yellow']).default('white'),
    ...base,
  })
  .strict();
const rail = z.object({ kind: z.literal('rail'), from: point, to: point, ...base }).strict();
const area = z
  .object({
    kind: z.literal('area'),
    rect: z.tuple([z.number(), z.number(), z.number().positive(), z.number().positive()]),
    fill: z.enum(FILLS),
    ...base,
  })
  .strict();
const cone = z.object({ kind: z.literal('cone'), at: point, ...base }).strict();
const post = z.object({ kind: z.literal('post'), at: point, ...base }).strict();
const mover = z
  .object({
    kind: z.enum(MOVER_KINDS),
    id: z.string().regex(/^[a-z0-9-]+$/, 'an id is lowercase letters, digits and hyphens'),
    color: z.enum(COLORS).optional(),
    keys: timed(moverKey),
    ...base,
  })
  .strict()
  .superRefine((m, ctx) => {
    if (m.kind !== 'officer')
      m.keys.forEach((k, i) => {
        if (k.pose) ctx.addIssue({ code: 'custom', path: ['keys', i, 'pose'], message: 'only an officer has poses' });
      });
  });
const sign = z
  .object({
    kind: z.literal('sign'),
    code: z
      .string()
      .regex(/^[1-9]\d*(\.[1-9]\d*)*[абвгд]?$/, 'a sign code as the annex writes it, e.g. "2.4" or "5.16.1"'),
    at: point,
    size: z.number().positive().default(36),
    ...base,
  })
  .strict();
const light = z
  .object({
    kind: z.literal('light'),
    at: point,
    angle: z.number().default(0),
    arrow: z.enum(['none', 'left', 'right']).default('none'),
    keys: timed(z.object({ t: seconds, state: z.enum(LIGHT_STATES) }).strict()),
    ...base,
  })
  .strict();
const railwayLight = z
  .object({
    kind: z.literal('railway-light'),
    at: point,
    keys: timed(z.object({ t: seconds, state: z.enum(['off', 'flash']) }).strict()),
    ...base,
  })
  .strict();
const barrier = z
  .object({
    kind: z.literal('barrier'),
    at: point,
    angle: z.number().default(0),
    keys: timed(z.object({ t: seconds, state: z.enum(['up', 'down']) }).strict()),
    ...base,
  })
  .strict();
const arrow = z
  .object({
    kind: z.literal('arrow'),
    path: z.array(point).min(2),
    color: z.enum(['green', 'red', 'white', 'yellow']).default('green'),
    dashed: z.boolean().default(false),
    ...base,
  })
  .strict();
const ring = z
  .object({
    kind: z.literal('ring'),
    at: point,
    r: z.number().positive().default(30),
    color: z.enum(['red', 'green', 'yellow']).default('red'),
    ...base,
  })
  .strict();
const mark = z.object({ kind: z.literal('mark'), at: point, ok: z.boolean().default(true), ...base }).strict();
/** Only language-neutral text: digits, Latin capitals naming vehicles, sign codes. Words go in captions. */
const NEUTRAL = /^[A-Z0-9][A-Z0-9.,+\-–×: ]{0,9}$/;
const label = z
  .object({
    kind: z.literal('label'),
    at: point,
    text: z
      .string()
      .regex(
        NEUTRAL,
        'a label is up to 10 characters of digits, Latin capitals, "." "," "+" "-" ":" (words go in captions)',
      ),
    ...base,
  })
  .strict();
const distance = z
  .object({
    kind: z.literal('distance'),
    from: point,
    to: point,
    text: z
      .string()
      .regex(
        /^\d+([.,]\d+)?([–-]\d+([.,]\d+)?)?$/,
        'a distance is a number like "5", "1.5" or "50-100" (the unit goes in captions)',
      ),
    ...base,
  })
  .strict();
const penalty = z
  .object({ kind: z.literal('penalty'), at: point, points: z.number().int().positive(), ...base })
  .strict();

export const ITEM_KINDS = [
  'road',
  'zebra',
  'stopline',
  'line',
  'rail',
  'area',
  'cone',
  'post',
  ...MOVER_KINDS,
  'sign',
  'light',
  'railway-light',
  'barrier',
  'arrow',
  'ring',
  'mark',
  'label',
  'distance',
  'penalty',
] as const;
const BY_KIND: Record<string, z.ZodType> = {
  road,
  zebra,
  stopline,
  line,
  rail,
  area,
  cone,
  post,
  sign,
  light,
  'railway-light': railwayLight,
  barrier,
  arrow,
  ring,
  mark,
  label,
  distance,
  penalty,
};
for (const k of MOVER_KINDS) BY_KIND[k] = mover;

export type Road = z.infer<typeof road>;
export type Zebra = z.infer<typeof zebra>;
export type Stopline = z.infer<typeof stopline>;
export type Line = z.infer<typeof line>;
export type Rail = z.infer<typeof rail>;
export type Area = z.infer<typeof area>;
export type Cone = z.infer<typeof cone>;
export type Post = z.infer<typeof post>;
export type Mover = z.infer<typeof mover>;
export type MoverKey = z.infer<typeof moverKey>;
export type Sign = z.infer<typeof sign>;
export type Light = z.infer<typeof light>;
export type RailwayLight = z.infer<typeof railwayLight>;
export type Barrier = z.infer<typeof barrier>;
export type Arrow = z.infer<typeof arrow>;
export type Ring = z.infer<typeof ring>;
export type Mark = z.infer<typeof mark>;
export type Label = z.infer<typeof label>;
export type Distance = z.infer<typeof distance>;
export type Penalty = z.infer<typeof penalty>;
export type Item =
  | Road
  | Zebra
  | Stopline
  | Line
  | Rail
  | Area
  | Cone
  | Post
  | Mover
  | Sign
  | Light
  | RailwayLight
  | Barrier
  | Arrow
  | Ring
  | Mark
  | Label
  | Distance
  | Penalty;

/**
 * One item, validated by its kind's schema (a plain union would report every kind's complaints about a
 * typo; this names the kind and its problem).
 */
const item = z.unknown().transform((value, ctx): Item => {
  const kind = (value as { kind?: unknown } | null)?.kind;
  const schema = typeof kind === 'string' ? BY_KIND[kind] : undefined;
  if (!schema) {
    ctx.addIssue({
      code: 'custom',
      message: `unknown item kind ${JSON.stringify(kind)} (one of: ${ITEM_KINDS.join(', ')})`,
    });
    return z.NEVER;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ ...issue, code: 'custom', path: issue.path as PropertyKey[] });
    return z.NEVER;
  }
  return parsed.data as Item;
});

export const MAX_CUE_CHARS = 80;
const cue = z
  .object({
    from: seconds,
    to: seconds,
    ru: z.string().min(1).max(MAX_CUE_CHARS),
    kz: z.string().min(1).max(MAX_CUE_CHARS),
    en: z.string().min(1).max(MAX_CUE_CHARS),
  })
  .strict()
  .refine((c) => c.from < c.to, 'a cue needs from < to');
export type Cue = z.infer<typeof cue>;

const sceneFields = {
  duration: halfSeconds.refine((d) => d > 0, 'a scene lasts more than 0 s'),
  dark: z.boolean().default(false),
  layout: z.enum(LAYOUTS).optional(),
  items: z.array(item).default([]),
};

/** Times inside the scene: shows, keys, cues. */
function checkTimes(
  scene: { duration: number; items: Item[]; captions?: Cue[] },
  ctx: z.RefinementCtx,
  where: PropertyKey[] = [],
) {
  const d = scene.duration;
  const ids = new Set<string>();
  scene.items.forEach((it, i) => {
    if (it.show && it.show[1] > d)
      ctx.addIssue({
        code: 'custom',
        path: [...where, 'items', i, 'show'],
        message: `show ends after the scene (${d} s)`,
      });
    if ('keys' in it)
      it.keys.forEach((k, j) => {
        if (k.t > d)
          ctx.addIssue({
            code: 'custom',
            path: [...where, 'items', i, 'keys', j, 't'],
            message: `t ${k.t} is after the scene's end (${d} s)`,
          });
      });
    if ('id' in it) {
      if (ids.has(it.id))
        ctx.addIssue({
          code: 'custom',
          path: [...where, 'items', i, 'id'],
          message: `id "${it.id}" is used twice in this scene`,
        });
      ids.add(it.id);
    }
  });
  const cues = scene.captions ?? [];
  cues.forEach((c, i) => {
    if (c.to > d)
      ctx.addIssue({
        code: 'custom',
        path: [...where, 'captions', i, 'to'],
        message: `cue ends at ${c.to} s, after the scene's end (${d} s)`,
      });
    const prev = cues[i - 1];
    if (prev && c.from < prev.to)
      ctx.addIssue({
        code: 'custom',
        path: [...where, 'captions', i, 'from'],
        message: `cue starts at ${c.from} s, before the previous cue ends (${prev.to} s): cues go in order and do not overlap`,
      });
  });
}

export const sceneSchema = z
  .object({
    chapter: trilingualText.optional(),
    ...sceneFields,
    captions: z.array(cue).default([]),
  })
  .strict()
  .superRefine((s, ctx) => checkTimes(s, ctx));
export type Scene = z.infer<typeof sceneSchema>;

/** A figure's scene: one still moment, so no chapter and no captions; duration only matters for keys. */
const figureScene = z
  .object({ ...sceneFields, duration: sceneFields.duration.default(1) })
  .strict()
  .superRefine((s, ctx) => checkTimes(s, ctx));

const video = (min: number, max: number) =>
  z
    .object({ scenes: z.array(sceneSchema).min(1) })
    .strict()
    .superRefine((v, ctx) => {
      if (v.scenes[0] && !v.scenes[0].chapter)
        ctx.addIssue({
          code: 'custom',
          path: ['scenes', 0, 'chapter'],
          message: 'the first scene must start a chapter',
        });
      const total = v.scenes.reduce((s, x) => s + x.duration, 0);
      if (total < min || total > max)
        ctx.addIssue({
          code: 'custom',
          path: ['scenes'],
          message: `the video lasts ${total} s in total; it must last ${min}–${max} s`,
        });
    });

export const LESSON_VIDEO = { min: 60, max: 180 } as const;
export const AUTODROME_VIDEO = { min: 30, max: 90 } as const;

const figure = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/, 'a figure id is lowercase letters, digits and hyphens'),
    caption: trilingualText,
    scene: figureScene,
    at: seconds.default(0),
  })
  .strict()
  .superRefine((f, ctx) => {
    if (f.at > f.scene.duration)
      ctx.addIssue({
        code: 'custom',
        path: ['at'],
        message: `at ${f.at} s is after the figure scene's duration (${f.scene.duration} s)`,
      });
  });
export type Figure = z.infer<typeof figure>;

export const lessonFileSchema = z
  .object({
    lesson: z.string().regex(/^lesson-\d\d$/, 'a lesson code like lesson-05'),
    text: trilingualText,
    figures: z
      .array(figure)
      .min(2, 'a lesson has 2–5 figures')
      .max(5, 'a lesson has 2–5 figures')
      .superRefine((figs, ctx) => {
        const seen = new Set<string>();
        figs.forEach((f, i) => {
          if (seen.has(f.id))
            ctx.addIssue({ code: 'custom', path: [i, 'id'], message: `figure id "${f.id}" is used twice` });
          seen.add(f.id);
        });
      }),
    video: video(LESSON_VIDEO.min, LESSON_VIDEO.max),
  })
  .strict();
export type LessonFile = z.infer<typeof lessonFileSchema>;

export const autodromeFileSchema = z
  .object({
    exercise: z.string().regex(/^[a-z0-9-]+$/, 'an exercise code like parallel-parking'),
    video: video(AUTODROME_VIDEO.min, AUTODROME_VIDEO.max),
  })
  .strict();
export type AutodromeFile = z.infer<typeof autodromeFileSchema>;

export type Video = LessonFile['video'];
