import { CARRIERS } from '@portal/contracts';

type Carrier = (typeof CARRIERS)[number];

/**
 * Issue 28: each known carrier's public tracking page, the tracking number put in `{}`. The one
 * table of them: the customer's order answer, the back office and the shipped email all read it.
 */
const TRACKING_PAGES: Record<Carrier, string> = {
  CTT: 'https://www.ctt.pt/feapl_2/app/open/objectSearch/objectSearch.jspx?objects={}',
  DHL: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id={}&submit=1',
  UPS: 'https://www.ups.com/track?tracknum={}',
  USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={}',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr={}',
  GLS: 'https://gls-group.com/track/{}',
  DPD: 'https://tracking.dpd.de/status/en_US/parcel/{}',
  'Royal Mail': 'https://www.royalmail.com/track-your-item#/tracking-results/{}',
};

const byName = new Map(CARRIERS.map((carrier) => [carrier.toLowerCase().replace(/\s+/g, ''), carrier]));

/** The known carrier a name means (any case, spaces ignored), or null. */
export function knownCarrier(name: string | null | undefined): Carrier | null {
  return byName.get((name ?? '').toLowerCase().replace(/\s+/g, '')) ?? null;
}

/** The carrier's tracking page for this number; null without a number or for a carrier the shop does not know. */
export function trackingUrl(carrier: string | null | undefined, tracking: string | null | undefined): string | null {
  const known = knownCarrier(carrier);
  const number = (tracking ?? '').trim();
  if (!known || !number) return null;
  return TRACKING_PAGES[known].replace('{}', encodeURIComponent(number));
}
