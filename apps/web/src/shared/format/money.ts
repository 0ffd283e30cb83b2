import { useCallback } from 'react';
import { formatMoney } from '@portal/contracts';
import { usePortalSettings } from '../settings/use-portal-settings';
import { useHydrated } from '../ui/use-hydrated';

/** What a server-rendered page writes money with: the server knows no visitor's locale. */
const SERVER_LOCALE = 'en-US';

/** The visitor's locale, as the browser says it (the server's until the page is hydrated). */
function useVisitorLocale(): string {
  const hydrated = useHydrated();
  return hydrated && typeof navigator !== 'undefined' && navigator.language ? navigator.language : SERVER_LOCALE;
}

/**
 * Money as the shop shows it (issue 25): in the shop's currency (STORE_CURRENCY, from the portal
 * settings), written the visitor's way with `Intl.NumberFormat` — "€19.99" in en-US, "19,99 €" in
 * pt-PT. Until the settings are loaded the amount shows without a currency, never in a wrong one.
 * `inCurrency`: another currency than the shop's (a payment session's own).
 */
export function useFormatMoney(inCurrency?: string): (value: number | string) => string {
  const settings = usePortalSettings();
  const currency = inCurrency ?? settings.data?.currency;
  const locale = useVisitorLocale();
  return useCallback(
    (value: number | string) =>
      currency
        ? formatMoney(value, currency, locale)
        : new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value)),
    [currency, locale],
  );
}

/** The shop currency's sign as the visitor's locale writes it ("$", "€"), for beside a price field. */
export function useCurrencySign(): string {
  const currency = usePortalSettings().data?.currency;
  const locale = useVisitorLocale();
  if (!currency) return '';
  return (
    new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0).find((part) => part.type === 'currency')
      ?.value ?? currency
  );
}
