// The API's files: a CSV export saved through the browser's download, and a picture uploaded with its progress. Apart
// from api-client, which every page loads at start-up: only the screens that export or upload need these.
import { ApiError, currentToken, failureOf, NETWORK_MESSAGE, send } from './api-client';

/**
 * Saves a file the API sends (a CSV export) through the browser's download, with the name the server gives it. The
 * call needs the account's token, which a plain link cannot carry, so the file is fetched first.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const res = await send('GET', path, undefined, {});
  if (!res.ok) throw await failureOf(res);
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the URL is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}

export interface UploadedImage {
  data: { url: string; id: string; width?: number; height?: number };
}

/** Uploads a picture with progress (fetch cannot report upload progress, so this one uses XMLHttpRequest). */
export async function uploadImage(file: File, onProgress?: (fraction: number) => void): Promise<UploadedImage> {
  const token = await currentToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/images');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let data: any;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = {};
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as UploadedImage);
      else if (typeof data.message === 'string') reject(new ApiError(xhr.status, data.message, data.code, data.values));
      else reject(new ApiError(xhr.status, 'Failed to upload image.', 'images/upload-failed'));
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_MESSAGE, 'auth/network-request-failed'));
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}
