// The shortest way for a component to say a message: t('shell.nav.plans', { count }).
import { type PrimitiveType, useIntl } from 'react-intl';
import type { MessageId } from '../../locales/en';

export type Translate = (id: MessageId, values?: Record<string, PrimitiveType>) => string;

export function useT(): Translate {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id }, values);
}
