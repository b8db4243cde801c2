// "Train this theme" beside a theme to improve (statistics): one click starts a themes training of
// that theme and opens it. A new one: an unfinished themes training holds other themes, so it is
// not the one asked for (the server ends it, as starting anew from the tests page would).
import { useStore } from '@nanostores/react';
import { navigate } from 'astro:transitions/client';
import { useState } from 'react';
import type { ApiRequestError } from '../../client/api';
import type { Locale } from '../../i18n/locales';
import { interpolate, type Texts } from '../../i18n/interpolate';
import { $testSettings, testLanguage } from '../settings/store';

interface Props {
  locale: Locale;
  texts: Texts;
  qualification: number;
  theme: { id: number; name: string };
}

export default function ThemeTraining({ locale, texts, qualification, theme }: Props) {
  const settings = useStore($testSettings);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState('');

  async function start() {
    setStarting(true);
    setError('');
    try {
      // Starting code loads when a start is asked for: the statistics page carries none of it until then.
      const [{ startExamination }, { startRequest }] = await Promise.all([import('./start'), import('./choice-store')]);
      const exam = await startExamination(
        startRequest('themes', {
          qualification,
          themes: [theme.id],
          language: testLanguage(settings, locale),
          continue: false,
          commentsBefore: settings.showComments && settings.commentsBefore,
        }),
      );
      await navigate(`/${locale}/tests/${exam.id}`);
    } catch (e) {
      const failure = e as ApiRequestError;
      setError(
        failure.status ? `${texts['stats.improve.startError']} ${failure.desc}` : texts['stats.improve.startError']!,
      );
      setStarting(false);
    }
  }

  return (
    <>
      <button
        className="btn btn--secondary btn--small"
        type="button"
        disabled={starting}
        aria-busy={starting}
        aria-label={interpolate(texts['stats.improve.trainTheme'], { theme: theme.name })}
        onClick={() => void start()}
        data-improve-train={theme.id}
      >
        {texts['stats.improve.train']}
      </button>
      {error && (
        <span className="form-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
