import { describe, expect, it } from 'vitest';
import { viewportState } from './viewport-rules';

describe('viewport rules', () => {
  it.each([
    [375, 'mobile', true],
    [767, 'mobile', true],
    [768, 'desktop', true],
    [1087, 'desktop', true],
    [1088, 'desktop', false],
    [1920, 'desktop', false],
  ] as const)('%i px → %s, collapsed %s', (width, device, forceCollapsed) => {
    expect(viewportState(width)).toEqual({ device, forceCollapsed });
  });
});
