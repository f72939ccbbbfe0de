/**
 * A browser-side look at a picked photo before it is uploaded (the server checks again, spec §7): the file
 * must decode as an image and be at least {@link MIN_SIDE_PX} px on its short side. A text file named
 * `.jpg` is refused at once instead of showing a broken preview and failing on «Опубликовать».
 * HEIC/HEIF is left to the server: most browsers cannot decode it.
 */

/** Shortest accepted side, px (as the server's media pipeline). */
export const MIN_SIDE_PX = 200;

/** Whether a file is HEIC/HEIF by type or name (phones often send it without a MIME type). */
export const isHeicFile = (file: Pick<File, 'name' | 'type'>) =>
  /\.(heic|heif)$/i.test(file.name) || /^image\/hei[cf]/i.test(file.type);

/**
 * @returns null when the file looks like a usable photo, else a Russian message naming the file
 */
export async function checkImageFile(file: File): Promise<string | null> {
  if (isHeicFile(file) || typeof createImageBitmap !== 'function') return null;
  try {
    const bmp = await createImageBitmap(file);
    const short = Math.min(bmp.width, bmp.height);
    bmp.close();
    return short < MIN_SIDE_PX ? `«${file.name}»: фото меньше ${MIN_SIDE_PX} пикселей по короткой стороне.` : null;
  } catch {
    return `«${file.name}» — не фотография или файл повреждён. Выберите JPEG, PNG, WebP или HEIC.`;
  }
}

/** Splits picked files into usable ones and the messages of the refused ones. */
export async function sortImageFiles(files: File[]): Promise<{ ok: File[]; problems: string[] }> {
  const results = await Promise.all(files.map(checkImageFile));
  return {
    ok: files.filter((_, i) => results[i] === null),
    problems: results.filter((r): r is string => r !== null),
  };
}
