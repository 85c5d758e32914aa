import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setTokenSource, type TokenSource } from './api-client';
import { downloadFile, uploadImage } from './api-files';

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

describe('downloadFile', () => {
  /** The links the helper clicked, as the browser would have saved them. */
  function watchDownloads() {
    const saved: Array<{ href: string; name: string; inPage: boolean }> = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, name: this.download, inPage: this.isConnected });
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:file-1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    return saved;
  }

  afterEach(() => vi.restoreAllMocks());

  it("fetches with the token and saves the answer under the server's file name", async () => {
    setTokenSource(tokens('t1'));
    const saved = watchDownloads();
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ account: { email: 'dana@example.test' } }), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="foodbridge-2026-03-02.json"' },
        }),
    );
    vi.stubGlobal('fetch', fetch);

    await expect(downloadFile('/users/me/export', 'foodbridge.json')).resolves.toBe('foodbridge-2026-03-02.json');
    expect(fetch.mock.calls[0]).toMatchObject(['/users/me/export', { method: 'GET', headers: { Authorization: 'Bearer t1' } }]);
    expect(saved).toEqual([{ href: 'blob:file-1', name: 'foodbridge-2026-03-02.json', inPage: true }]);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(JSON.parse(await blob.text())).toEqual({ account: { email: 'dana@example.test' } });
    // The link is gone from the page, and the file's address is let go once the browser has it.
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
    await vi.waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:file-1'));
  });

  it('names the file itself when the server gives no name', async () => {
    setTokenSource(tokens('t1'));
    const saved = watchDownloads();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 200 })));

    await expect(downloadFile('/users/me/export', 'foodbridge.json')).resolves.toBe('foodbridge.json');
    expect(saved.map((s) => s.name)).toEqual(['foodbridge.json']);
  });

  it("rejects with the server's refusal and saves nothing", async () => {
    setTokenSource(tokens('t1'));
    const saved = watchDownloads();
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Usuario no encontrado', code: 'not-found/user' }), { status: 404 })));

    await expect(downloadFile('/users/me/export', 'foodbridge.json')).rejects.toMatchObject({ status: 404, code: 'not-found/user' });
    expect(saved).toEqual([]);
  });
});
