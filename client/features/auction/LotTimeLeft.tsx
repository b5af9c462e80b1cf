import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../components/use-hydrated';
import { useLanguage } from '../../components/use-language';
import { formatDate } from '../../format';
import { formatDuration } from '../purchase/time-format';
import { useLotMsLeft, type LotClock } from './use-auction-lot';

/**
 * A lot's time left. The page store serves a rendered page for as long as the data it read is
 * unchanged, hours after its render (docs/architecture.md, the page store): the server's render
 * and the first client render (hydration matches it) write no figure the clock alone makes false,
 * only the lot's end as it reads in Tashkent, in a `<time>` with the instant. After hydration the
 * browser counts down to that end on its own clock, moved by the server's from a fresh answer
 * (`clock.read`). It says the lot has ended only once the end has passed by the server's clock:
 * passed by the device's alone (no fresh answer yet, a clock that may be hours off), the lot is
 * being decided, and the page asks the server.
 */
export function LotTimeLeft({ clock }: { clock: LotClock }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const hydrated = useHydrated();
  if (hydrated) return <Countdown clock={clock} />;
  return <time dateTime={clock.endsAt}>{t('auction.endsBy', { time: formatDate(clock.endsAt, lang, { tashkentTime: true }) })}</time>;
}

/** The countdown, the one part drawn again on every tick of the shared clock. */
function Countdown({ clock }: { clock: LotClock }) {
  const { t } = useTranslation();
  const ms = useLotMsLeft(clock);
  return ms === null ? t('auction.deciding') : ms > 0 ? formatDuration(ms, t) : t('auction.ended');
}
