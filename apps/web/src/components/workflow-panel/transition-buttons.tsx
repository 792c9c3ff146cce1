import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEditMode } from '../../lib/edit-mode';
import { type ButtonTransition, buttonTransitions, isDangerous } from './button-transitions';

export type TransitionButtonsProps<Transition extends ButtonTransition> = {
  transitions: readonly Transition[];
  onFire: (transition: Transition) => void;
  /** The transition being posted (its button spins, the others wait). */
  busyId?: number | null;
  disabled?: boolean;
  /** Text after the name, e.g. on whose behalf the user acts. */
  suffix?: (transition: Transition) => string | null;
};

/** The workflow action buttons: sorted by type, dangerous ones in red, all disabled in edit mode (spec 1 §2, §4). */
export function TransitionButtons<Transition extends ButtonTransition>(props: TransitionButtonsProps<Transition>) {
  const { transitions, onFire, busyId = null, disabled = false, suffix } = props;
  const { t } = useTranslation();
  const editing = useEditMode();
  const shown = buttonTransitions(transitions);
  if (shown.length === 0) {
    return null;
  }
  return (
    <Space wrap size={8} className="isf-transition-buttons">
      {shown.map((transition) => {
        const extra = suffix?.(transition);
        const button = (
          <Button
            key={transition.id}
            type={isDangerous(transition) ? 'default' : 'primary'}
            danger={isDangerous(transition)}
            disabled={disabled || editing || (busyId !== null && busyId !== transition.id)}
            loading={busyId === transition.id}
            onClick={() => onFire(transition)}
          >
            {extra ? `${transition.name} ${extra}` : transition.name}
          </Button>
        );
        const tip = editing ? t('workflow.disabledInEditMode') : transition.helper;
        return tip ? (
          <Tooltip key={transition.id} title={tip}>
            <span>{button}</span>
          </Tooltip>
        ) : (
          button
        );
      })}
    </Space>
  );
}
