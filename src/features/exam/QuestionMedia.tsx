// What a question shows beside its text: the picture or video (with the bank's description for screen
// readers) and the rules' clause its explanation rests on.
import type { Locale } from '../../i18n/locales';
import { interpolate, type Texts } from '../../i18n/interpolate';
import { citeClause, clauseHref, parseClause } from '../../shared/clause';
import type { TestSettings } from '../settings/store';
import type { ExamQuestion } from './types';

export function QuestionMedia({
  texts,
  question,
  settings,
}: {
  texts: Texts;
  question: ExamQuestion;
  settings: TestSettings;
}) {
  // The bank's description of the scene when it has one: a screen reader then reads what the
  // picture shows, not just that there is one.
  const described = question.image_alt?.trim() || null;
  const label = described ?? interpolate(texts['exam.imageAlt'], { number: question.number });
  const video = question.video && !(settings.picturesInsteadOfVideos && question.image);
  if (video) {
    const descriptionId = `media-description-${question.id}`;
    return (
      <div className="question__media">
        <video
          key={question.video}
          src={question.video!}
          poster={question.image ?? undefined}
          muted
          controls
          playsInline
          preload="metadata"
          aria-label={interpolate(texts['exam.videoLabel'], { number: question.number })}
          aria-describedby={described ? descriptionId : undefined}
          data-question-video
        />
        {described && (
          <p id={descriptionId} className="visually-hidden">
            {described}
          </p>
        )}
      </div>
    );
  }
  if (question.image) {
    return (
      <div className="question__media">
        <img key={question.image} src={question.image} alt={label} draggable={false} data-question-image />
      </div>
    );
  }
  // No picture: nothing at all, rather than a grey box that says so.
  return null;
}

/** The clause as a link to its paragraph on the rules page («п. 24 ПДД»); an imported bank's free-text
 *  clause, which points at no anchor, as plain text. */
export function Citation({
  clause,
  locale,
  texts,
  newTab,
}: {
  clause: string;
  locale: Locale;
  texts: Texts;
  newTab: boolean;
}) {
  const parsed = parseClause(clause);
  if (!parsed)
    return (
      <p className="comment__clause" data-clause>
        {texts['exam.cite.lead']} {clause}
      </p>
    );
  return (
    <p className="comment__clause" data-clause>
      <a href={clauseHref(parsed, locale)} data-clause-link {...(newTab ? { target: '_blank', rel: 'noopener' } : {})}>
        {citeClause(parsed, texts)}
        {newTab && <span className="visually-hidden"> ({texts['exam.cite.newTab']})</span>}
      </a>
    </p>
  );
}
