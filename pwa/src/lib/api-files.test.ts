import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setTokenSource, type TokenSource } from './api-client';
import { uploadImage } from './api-files';

const tokens = (token: string | null): TokenSource => ({ getToken: async () => token, refresh: async () => token });

afterEach(() => vi.unstubAllGlobals());

describe('uploadImage', () => {
  // XMLHttpRequest stand-in: records what was sent and answers with the status and text a test sets.
  class FakeXhr {
    static last: FakeXhr;
    static answer = { status: 200, text: '' };
    headers: Record<string, string> = {};
    opened = '';
    body: unknown;
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor() {
      FakeXhr.last = this;
    }
    open(method: string, url: string) {
      this.opened = `${method} ${url}`;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: unknown) {
      this.body = body;
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
      this.status = FakeXhr.answer.status;
      this.responseText = FakeXhr.answer.text;
      queueMicrotask(() => this.onload?.());
    }
  }

  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));

  it('posts the file with the token and reports progress', async () => {
    setTokenSource(tokens('t1'));
    FakeXhr.answer = { status: 201, text: JSON.stringify({ data: { url: '/images/x.webp', id: 'x' } }) };
    const progress: number[] = [];
    const file = new File(['abc'], 'photo.png', { type: 'image/png' });

    await expect(uploadImage(file, (f) => progress.push(f))).resolves.toEqual({ data: { url: '/images/x.webp', id: 'x' } });
    expect(FakeXhr.last.opened).toBe('POST /images');
    expect(FakeXhr.last.headers).toEqual({ Authorization: 'Bearer t1' });
    expect((FakeXhr.last.body as FormData).get('image')).toBeInstanceOf(File);
    expect(progress).toEqual([0.25]);
  });

  it("rejects with the server's message, or a readable one when the body is not JSON", async () => {
    setTokenSource(tokens(null));
    FakeXhr.answer = { status: 413, text: JSON.stringify({ message: 'The image is larger than 5 MB.' }) };
    const file = new File(['abc'], 'photo.png', { type: 'image/png' });

    await expect(uploadImage(file)).rejects.toEqual(new ApiError(413, 'The image is larger than 5 MB.'));
    FakeXhr.answer = { status: 500, text: 'oops' };
    await expect(uploadImage(file)).rejects.toEqual(new ApiError(500, 'Failed to upload image.', 'images/upload-failed'));
  });
});
