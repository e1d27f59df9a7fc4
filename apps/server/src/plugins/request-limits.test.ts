import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from './request-limits';

describe('jsonNestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings (escaped quotes included)', () => {
    expect(jsonNestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(jsonNestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(jsonNestsDeeperThan(`{"s":"${'[{'.repeat(100)}"}`, 1)).toBe(false);
    expect(jsonNestsDeeperThan(`{"s":"\\"${'['.repeat(10)}\\\\"}`, 1)).toBe(false);
    expect(jsonNestsDeeperThan(`{"s":"\\\\"}${'['.repeat(5)}`, 3)).toBe(true);
    expect(jsonNestsDeeperThan('[[[], [], []], [[]]]', 3)).toBe(false);
  });

  it('stops at the first bracket too deep and tolerates unterminated text', () => {
    expect(jsonNestsDeeperThan('['.repeat(1_000_000), 16)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":"never closed', 16)).toBe(false);
  });
});
