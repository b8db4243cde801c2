// Every question picture is loaded before the test can begin, so no question waits for its image
// while the clock runs. A picture that fails or hangs does not block the start.
export type Loader = (url: string) => Promise<void>;

export async function preloadAll(
  urls: string[],
  load: Loader,
  onProgress: (done: number, total: number) => void,
): Promise<void> {
  let done = 0;
  onProgress(0, urls.length);
  await Promise.all(
    urls.map((url) =>
      load(url)
        .catch(() => undefined)
        .then(() => onProgress(++done, urls.length)),
    ),
  );
}

/** Loads one picture into the browser's cache; gives up (resolves) after `timeoutMs`. */
export function loadImage(url: string, timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    const timer = setTimeout(resolve, timeoutMs);
    img.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    img.onerror = () => {
      clearTimeout(timer);
      reject(new Error(`image ${url}`));
    };
    img.src = url;
  });
}
