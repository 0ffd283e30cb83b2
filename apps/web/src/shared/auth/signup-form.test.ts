import { describe, expect, it } from 'vitest';
import { usernameFrom } from './signup-form';

describe('usernameFrom', () => {
  it('joins the names in lower case with a dot, without accents', () => {
    expect(usernameFrom('Zoë', 'Lima')).toBe('zoe.lima');
    expect(usernameFrom('Ana-Luísa', 'Conceição')).toBe('ana-luisa.conceicao');
  });

  it('drops spaces and characters a username may not hold', () => {
    expect(usernameFrom('Mary Ann', "O'Brien")).toBe('maryann.obrien');
    expect(usernameFrom('  Zoë  ', 'Lima!')).toBe('zoe.lima');
  });

  it('uses the name there is, and gives nothing when no name has a usable letter', () => {
    expect(usernameFrom('Zoë', '')).toBe('zoe');
    expect(usernameFrom('', 'Lima')).toBe('lima');
    expect(usernameFrom('李', '王')).toBe('');
  });

  it('stays within the 50 characters the server accepts, in characters it accepts', () => {
    const long = usernameFrom('Bartholomew-Maximilian', 'Featherstonehaugh-Cholmondeley-Wolfeschlegel');
    expect(long.length).toBe(50);
    expect(long).toMatch(/^[a-z0-9_.+-]+$/);
  });
});
