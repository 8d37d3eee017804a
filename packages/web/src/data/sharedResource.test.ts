import { describe, expect, it, vi } from 'vitest';
import { createSharedResource } from './sharedResource';

describe('createSharedResource', () => {
  it('fetches once and replays the value to every later consumer', async () => {
    const loader = vi.fn(async () => 'value');
    const resource = createSharedResource(loader);
    expect(resource.peek()).toBeUndefined();
    await expect(Promise.all([resource.load(), resource.load()])).resolves.toEqual(['value', 'value']);
    await expect(resource.load()).resolves.toBe('value');
    expect(resource.peek()).toEqual({ value: 'value' });
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('gives a failure to the waiting consumers and retries on the next load', async () => {
    const loader = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce('back');
    const resource = createSharedResource(loader);
    const first = resource.load();
    const second = resource.load();
    await expect(first).rejects.toThrow('down');
    await expect(second).rejects.toThrow('down');
    await expect(resource.load()).resolves.toBe('back');
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
