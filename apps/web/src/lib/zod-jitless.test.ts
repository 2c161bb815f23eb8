import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import './zod-jitless';

describe('zod under a policy without eval', () => {
  afterEach(() => vi.restoreAllMocks());

  it('parses objects without trying to compile code', () => {
    const compile = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ name: z.string(), count: z.number() });
    expect(schema.parse({ name: 'France', count: 3 })).toEqual({ name: 'France', count: 3 });
    expect(compile).not.toHaveBeenCalled();
  });
});
