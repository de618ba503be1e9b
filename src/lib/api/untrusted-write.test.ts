import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { readAgain, writeOrReread } from './untrusted-write';

const endpoint = 'PUT /things/{id}';
const untrusted = new ApiError({ kind: 'timeout', endpoint, message: 'no answer in time' });
const refused = new ApiError({ kind: 'http', endpoint, status: 409, message: 'stale' });

describe('writeOrReread', () => {
  it('takes a trusted answer without reading again', async () => {
    const read = vi.fn(async () => 0);
    expect(await writeOrReread(async () => 'ok', read, () => true)).toEqual({ answered: true, result: 'ok' });
    expect(read).not.toHaveBeenCalled();
  });

  it('throws any other error as it came, without reading again', async () => {
    const read = vi.fn(async () => 0);
    await expect(
      writeOrReread(
        async () => {
          throw refused;
        },
        read,
        () => true,
      ),
    ).rejects.toBe(refused);
    expect(read).not.toHaveBeenCalled();
  });

  it('takes a refusal as stale whose current state holds the write as its answer; one that does not is thrown', async () => {
    const stale = new ApiError({ kind: 'http', endpoint, status: 409, code: 'version_conflict', message: 'stale', details: { current: 3 } });
    const read = vi.fn(async () => 0);
    const refuse = async (): Promise<number> => {
      throw stale;
    };
    const carried = (error: unknown) => (error === stale ? 3 : null);
    expect(await writeOrReread(refuse, read, (v) => v === 3, carried)).toEqual({ answered: true, result: 3 });
    await expect(writeOrReread(refuse, read, (v) => v === 4, carried)).rejects.toBe(stale);
    await expect(writeOrReread(refuse, read, (v) => v === 3)).rejects.toBe(stale);
    expect(read).not.toHaveBeenCalled();
  });

  it('judges an untrusted answer by what the daemon holds, and never writes twice', async () => {
    const write = vi.fn(async () => {
      throw untrusted;
    });
    expect(await writeOrReread(write, async () => 2, (v) => v > 1)).toEqual({ answered: false, error: untrusted, verdict: 'applied', current: 2 });
    expect(await writeOrReread(write, async () => 1, (v) => v > 1)).toEqual({ answered: false, error: untrusted, verdict: 'not-applied', current: 1 });
    expect(write).toHaveBeenCalledTimes(2);
  });

  it("says 'unknown' when the daemon cannot be read again either", async () => {
    const outcome = await writeOrReread(
      async () => {
        throw untrusted;
      },
      async () => {
        throw new Error('down');
      },
      () => true,
    );
    expect(outcome).toEqual({ answered: false, error: untrusted, verdict: 'unknown', current: null });
  });
});

describe('readAgain', () => {
  it('passes what it read to the judgement', async () => {
    expect(await readAgain(async () => ['a'], (list) => list.includes('a'))).toEqual({ verdict: 'applied', current: ['a'] });
  });
});
