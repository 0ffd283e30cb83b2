import { describe, expect, it } from 'vitest';
import { tidyPhone } from './tidy-phone';

describe('tidyPhone', () => {
  it('writes a number the usual way when the person leaves the field', () => {
    expect(tidyPhone('+351912345678')).toEqual({ value: '+351 912 345 678' });
    expect(tidyPhone('00351-912-345-678')).toEqual({ value: '+351 912 345 678' });
  });

  it('says in plain words what is missing, and leaves an empty field alone', () => {
    expect(tidyPhone('912 345 678')).toEqual({
      value: '912 345 678',
      error: 'Enter a phone number with its country code, for example +351 912 345 678.',
    });
    expect(tidyPhone('')).toEqual({ value: '' });
  });
});
