import { useFormatMoney } from './money';

/** An amount written as money in the shop's currency (for places that take an element, such as grid cells). */
export function Money({ value }: { value: number | string }) {
  return <>{useFormatMoney()(value)}</>;
}
