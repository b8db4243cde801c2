// Writes a rendered clip's length where the content keeps it: a lesson's `video.duration` in
// content/course/course.yaml, an autodrome lesson's `duration` in content/autodromes/sections.yaml,
// found through yaml's Document API and replaced in the text by its source range, so every other byte of the
// file (comments, order, flow style) stays as it is. The video entry's shape belongs to the course's
// schema, not to the renderer.
import { readFileSync, writeFileSync } from 'node:fs';
import { isMap, isScalar, isSeq, parseDocument, type YAMLMap } from 'yaml';

/** Set `duration` of lesson `code`'s video; false when the lesson or its video entry is not there. */
export function setLessonDuration(coursePath: string, code: string, seconds: number): boolean {
  const text = readFileSync(coursePath, 'utf8');
  const doc = parseDocument(text);
  const modules = doc.get('modules');
  if (!isSeq(modules)) return false;
  for (const m of modules.items) {
    const lessons = isMap(m) ? m.get('lessons') : undefined;
    if (!isSeq(lessons)) continue;
    for (const lesson of lessons.items) {
      if (!isMap(lesson) || lesson.get('code') !== code) continue;
      const video = lesson.get('video');
      if (!isMap(video)) return false;
      const node = (video as YAMLMap).get('duration', true);
      if (!isScalar(node) || !node.range) return false;
      if (node.value === seconds) return true;
      const [start, end] = node.range;
      writeFileSync(coursePath, `${text.slice(0, start)}${seconds}${text.slice(end)}`);
      return true;
    }
  }
  return false;
}

/** Set `duration` of every autodrome lesson showing `exercise` (content/autodromes/sections.yaml). */
export function setExerciseDuration(sectionsPath: string, exercise: string, seconds: number): boolean {
  let text = readFileSync(sectionsPath, 'utf8');
  const doc = parseDocument(text);
  const ranges: [number, number][] = [];
  const sections = doc.contents;
  if (!isSeq(sections)) return false;
  for (const section of sections.items) {
    const lessons = isMap(section) ? section.get('lessons') : undefined;
    if (!isSeq(lessons)) continue;
    for (const lesson of lessons.items) {
      if (!isMap(lesson) || (lesson.get('exercise') as unknown) !== exercise) continue;
      const node = lesson.get('duration', true);
      if (isScalar(node) && node.range) ranges.push([node.range[0], node.range[1]]);
    }
  }
  if (!ranges.length) return false;
  // From the end, so earlier offsets stay valid.
  for (const [start, end] of ranges.sort((a, b) => b[0] - a[0]))
    text = `${text.slice(0, start)}${seconds}${text.slice(end)}`;
  writeFileSync(sectionsPath, text);
  return true;
}
