import { describe, expect, it } from 'vitest';
import { knownCarrier, trackingUrl } from './carrier-tracking.js';

describe('carrier tracking pages', () => {
  it.each([
    ['CTT', 'RR123456789PT', 'https://www.ctt.pt/feapl_2/app/open/objectSearch/objectSearch.jspx?objects=RR123456789PT'],
    ['DHL', '1234567890', 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=1234567890&submit=1'],
    ['UPS', '1Z999AA10123456784', 'https://www.ups.com/track?tracknum=1Z999AA10123456784'],
    ['USPS', '9400111899223197428490', 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223197428490'],
    ['FedEx', '449044304137821', 'https://www.fedex.com/fedextrack/?trknbr=449044304137821'],
    ['GLS', '12345678901', 'https://gls-group.com/track/12345678901'],
    ['DPD', '01234567890123', 'https://tracking.dpd.de/status/en_US/parcel/01234567890123'],
    ['Royal Mail', 'AB123456789GB', 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB'],
  ])('%s links its tracking page', (carrier, number, url) => {
    expect(trackingUrl(carrier, number)).toBe(url);
  });

  it('reads a carrier in any case and spacing, and escapes the number', () => {
    expect(knownCarrier('royalmail')).toBe('Royal Mail');
    expect(knownCarrier(' fedex ')).toBe('FedEx');
    expect(trackingUrl('ups', ' 1Z 99/9 ')).toBe('https://www.ups.com/track?tracknum=1Z%2099%2F9');
  });

  it('gives no link for an unknown carrier or without a number', () => {
    expect(trackingUrl('Pony Express', 'X1')).toBeNull();
    expect(trackingUrl(null, 'X1')).toBeNull();
    expect(trackingUrl('DHL', '')).toBeNull();
    expect(trackingUrl('DHL', null)).toBeNull();
  });
});
