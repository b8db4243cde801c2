// The start card's choice of how the mock exam runs (issue 25): a switch while the exam is not yet
// begun (its state is the exam's own protocol, which the tests page started by the learner's setting),
// else one line naming the protocol the exam runs by. Flipping it is ./protocol-store's chooseProtocol.
import { useStore } from '@nanostores/react';
import type { Locale } from '../../i18n/locales';
import type { Texts } from '../../i18n/interpolate';
import { centreRuleText, isCentreExam, protocolChoosable } from './protocol';
import { $protocolAsked, $protocolChanging, chooseProtocol } from './protocol-store';
import type { Examination } from './types';

export default function ProtocolSwitch({
  locale,
  texts,
  exam,
  disabled,
}: {
  locale: Locale;
  texts: Texts;
  exam: Examination;
  disabled: boolean;
}) {
  const changing = useStore($protocolChanging);
  const asked = useStore($protocolAsked);
  const centre = isCentreExam(exam);
  if (!protocolChoosable(exam, false)) {
    return (
      <p className="start-card__protocol" data-protocol={exam.protocol}>
        {centre ? texts['exam.centre.runsCentre'] : texts['exam.centre.runsSpec']}
      </p>
    );
  }
  return (
    <div className="start-card__protocol setting" data-protocol={exam.protocol}>
      <label className="checkbox">
        <input
          type="checkbox"
          role="switch"
          // While the exam is replaced, what was asked for (a screen reader hears the state it chose).
          checked={asked ? asked === 'centre' : centre}
          // Not disabled while the exam is replaced: a disabled control would lose the keyboard's focus.
          disabled={disabled}
          aria-describedby="protocol-rule"
          aria-busy={changing}
          onChange={(e) => void chooseProtocol(e.target.checked ? 'centre' : 'spec', locale)}
          data-protocol-switch
        />
        {texts['exam.centre.switch']}
      </label>
      <p id="protocol-rule" className="muted field__hint" data-protocol-rule>
        {centreRuleText(texts, locale, exam)}
      </p>
      <p className="visually-hidden" role="status">
        {changing ? texts['exam.centre.changing'] : ''}
      </p>
    </div>
  );
}
