// Writes a rendered lesson's length into content/course/course.yaml (the lesson's `video.duration`),
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
