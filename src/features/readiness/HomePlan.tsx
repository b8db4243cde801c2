// Today's plan on home: the selected qualification's plan, and its button starts (or continues) the
// smart training and opens it.
import { useStore } from '@nanostores/react';
import { navigate } from 'astro:transitions/client';
import { useState } from 'react';
import type { ApiRequestError } from '../../client/api';
import type { Locale } from '../../i18n/locales';
import type { Texts } from '../../i18n/interpolate';
import { $testSettings, testLanguage } from '../settings/store';
import PlanBlock from './PlanBlock';
import { $planWaiting, $selectedPlan } from './plan-store';

export default function HomePlan({ locale, texts }: { locale: Locale; texts: Texts }) {
  // Subscribing asks for the plan when the page call has not brought this one (plan-store.ts).
  useStore($planWaiting);
  const plan = useStore($selectedPlan);
  const settings = useStore($testSettings);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string>();

  async function start() {
    if (!plan) return;
    setStarting(true);
    setError(undefined);
    try {
      // Starting code loads when a start is asked for: home carries none of it until then.
      const [{ startExamination }, { startRequest }] = await Promise.all([
        import('../exam/start'),
        import('../exam/choice-store'),
      ]);
      const exam = await startExamination(
        startRequest('smart', {
          qualification: plan.qualification.id,
          language: testLanguage(settings, locale),
          // An unfinished smart training is taken up rather than thrown away.
          continue: true,
          commentsBefore: settings.showComments && settings.commentsBefore,
        }),
      );
      await navigate(`/${locale}/tests/${exam.id}`);
    } catch (e) {
      const failure = e as ApiRequestError;
      setError(failure.status ? `${texts['plan.startError']} ${failure.desc}` : texts['plan.startError']);
      setStarting(false);
    }
  }

  return (
    <PlanBlock
      locale={locale}
      texts={texts}
      plan={plan}
      title={texts['plan.title']!}
      // Home lists every category bought: the plan says which one it is for.
      lead={plan?.qualification.name}
      starting={starting}
      disabled={false}
      onStart={() => void start()}
      error={error}
    />
  );
}
