import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/fr';
import { LOCALE } from '../lib/i18n';

// The dates of the screens (antd pickers, dayjs formatting) in the build's locale. Imported by the shell:
// the login page shows no date.
dayjs.locale(LOCALE === 'en' ? 'en-gb' : 'fr');
