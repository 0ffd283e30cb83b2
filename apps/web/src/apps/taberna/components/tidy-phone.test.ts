import { describe, expect, it } from 'vitest';
import { tidyPhone } from './tidy-phone';

describe('tidyPhone', () => {
  it("writes a number the usual way when the person leaves the field, read with the country's region", () => {
    expect(tidyPhone('912345678', 'PT')).toEqual({ value: '+351 912 345 678' });
    expect(tidyPhone('(415) 555-0100', 'US')).toEqual({ value: '+1 415 555 0100' });
    expect(tidyPhone('00351-912-345-678', null)).toEqual({ value: '+351 912 345 678' });
    expect(tidyPhone('5551234', 'US')).toEqual({ value: '5551234' });
  });

  it("says in plain words what is wrong, with the country's example, and leaves an empty field alone", () => {
    expect(tidyPhone('call me', 'PT')).toEqual({
      value: 'call me',
      error: 'Enter a phone number such as 912 345 678 or +351 912 345 678.',
    });
    expect(tidyPhone('', 'PT')).toEqual({ value: '' });
  });
});
