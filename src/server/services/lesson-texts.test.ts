// The written lessons' reader on two fixture lessons: the Markdown becomes the page's HTML, links to
// the Rules land on the rules page's anchors in the page's language, figures become <figure>s with
// the engine's SVG, raw HTML stays text, and every broken reference is reported.
import { describe, expect, it } from 'vitest';
import { figureSrc, lessonTextProblems, loadLessonFiles, renderLessonText } from './lesson-texts';

const files = loadLessonFiles('tests/fixtures/lessons');
const good = files.get('lesson-01')!;
const broken = files.get('lesson-02')!;

describe('written lessons', () => {
  it('reads every lesson file of a folder by its code', () => {
    expect([...files.keys()]).toEqual(['lesson-01', 'lesson-02']);
  });

  it('links a clause to its paragraph on the rules page of the same language', () => {
    const ru = renderLessonText(good, 'ru');
    expect(ru.html).toContain('<a href="/ru/rules#p2s7" data-clause="2(7)">п. 2(7)</a>');
    expect(ru.html).toContain('<a href="/ru/rules#sign-3-27" data-clause="sign 3.27">3.27</a>');
    expect(ru.clauses).toEqual(['2(7)', 'sign 3.27']);
    expect(renderLessonText(good, 'kz').html).toContain('href="/kz/rules#p2s7"');
    expect(ru.problems).toEqual([]);
  });

  it('draws a figure as a <figure> with the engine’s SVG and its caption, outside any paragraph', () => {
    const en = renderLessonText(good, 'en').html;
    expect(en).toContain(
      `<figure class="lesson-figure"><img src="${figureSrc('lesson-01', 'stop')}" alt="A stop at the kerb"`,
    );
    expect(en).toContain('<figcaption>A stop at the kerb</figcaption></figure>');
    expect(en).not.toMatch(/<p>\s*<figure/);
    expect(figureSrc('lesson-01', 'stop')).toBe('/media/course/figures/lesson-01-stop.svg');
  });

  it('keeps Markdown structure under the page’s h2 (## is an h3) and shows raw HTML as text', () => {
    const ru = renderLessonText(good, 'ru').html;
    expect(ru).toContain('<h3>Частые ошибки</h3>');
    expect(ru).toContain('<strong>стоянкой</strong>');
    expect(ru).not.toContain('<script>');
    expect(ru).toContain('&lt;script&gt;');
  });

  it('finds nothing wrong with a good lesson', () => {
    expect(lessonTextProblems(good, () => true)).toEqual([]);
  });

  it('reports a clause out of format, one not in the official text, missing and misplaced figures', () => {
    const known = (raw: string) => raw !== '9999';
    expect(lessonTextProblems(broken, known)).toEqual([
      "lesson-02 ru: clause:пункт 9 is not in the bank's clause format",
      'lesson-02 ru: figure:nope must stand on a line of its own',
      'lesson-02 ru: the text links no paragraph of the Rules',
      "lesson-02 kz: figure:missing is not among the file's figures",
      'lesson-02 kz: the text links no paragraph of the Rules',
      'lesson-02 en: clause:9999 names no place of the official text',
    ]);
  });
});
