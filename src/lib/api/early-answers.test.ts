import { afterEach, describe, expect, it } from 'vitest';
import { closeEarlyAnswers, takeEarlyAnswer, takeEarlyConfig, type EarlyRequest } from './early-answers';

const URL_A = 'http://daemon.test/api/v1/sessions';

function early(url = URL_A, authorization: string | null = null): EarlyRequest & { aborted: unknown[] } {
  const aborted: unknown[] = [];
  return { url, userId: 'op', authorization, response: Promise.resolve(new Response('{}')), abort: (reason) => aborted.push(reason), aborted };
}

function request(url = URL_A, headers: Record<string, string> = { 'X-Kaged-User-Id': 'op' }, method = 'GET'): Request {
  return new Request(url, { method, headers });
}

function install(requests: EarlyRequest[]) {
  const config = Promise.resolve(new Response('{}'));
  globalThis.__compactorEarly = { config, requests, ready: Promise.resolve() };
  return config;
}

afterEach(() => {
  globalThis.__compactorEarly = undefined;
});

describe('early answers', () => {
  it('hands an early request to the same GET with the same identity, once', () => {
    const a = early();
    install([a]);
    expect(takeEarlyAnswer(request(), new AbortController().signal)).toBe(a.response);
    expect(takeEarlyAnswer(request(), new AbortController().signal)).toBeNull();
  });

  it('does not hand it to another URL, method, user or token', () => {
    install([early(URL_A, 'Bearer t')]);
    const signal = new AbortController().signal;
    expect(takeEarlyAnswer(request(`${URL_A}?x=1`), signal)).toBeNull();
    expect(takeEarlyAnswer(request(URL_A, { 'X-Kaged-User-Id': 'other', Authorization: 'Bearer t' }), signal)).toBeNull();
    expect(takeEarlyAnswer(request(URL_A, { 'X-Kaged-User-Id': 'op' }), signal)).toBeNull();
    expect(takeEarlyAnswer(request(URL_A, { 'X-Kaged-User-Id': 'op', Authorization: 'Bearer t' }, 'POST'), signal)).toBeNull();
    expect(takeEarlyAnswer(request(URL_A, { 'X-Kaged-User-Id': 'op', Authorization: 'Bearer t' }), signal)).not.toBeNull();
  });

  it("passes the taker's abort (time limit, cancel) on to the early request", () => {
    const a = early();
    install([a]);
    const controller = new AbortController();
    takeEarlyAnswer(request(), controller.signal);
    const reason = new DOMException('late', 'TimeoutError');
    controller.abort(reason);
    expect(a.aborted).toEqual([reason]);
  });

  it('once closed, aborts what was not taken and hands nothing more', () => {
    const a = early();
    install([a]);
    closeEarlyAnswers();
    expect(a.aborted).toHaveLength(1);
    expect(takeEarlyAnswer(request(), new AbortController().signal)).toBeNull();
  });

  it('gives the early config.json fetch once; without the early script, closes so it never starts', () => {
    const config = install([]);
    expect(takeEarlyConfig()).toBe(config);
    globalThis.__compactorEarly = undefined;
    expect(takeEarlyConfig()).toBeNull();
    expect(globalThis.__compactorEarly).toBe('closed');
  });
});
