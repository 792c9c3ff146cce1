import { CLIENT_VERSION } from '@isf/contract';
import { LOCALE } from './i18n';

/** The build label of spec 1 §1: the client version with the locale it was built for (2025.10.20-fr). */
export const CLIENT_BUILD_LABEL = `${CLIENT_VERSION}-${LOCALE}`;
