import { maxUploadEdgePx } from "../cms-config";

/**
 * Decap's media_processing (plugins/gatsby-plugin-cms/cms-config.ts) draws every upload again
 * without its metadata, but can only set an exact width or height: it would
 * blow a small picture up and leave a portrait photo's long edge as it is. It
 * decodes the file with createImageBitmap and draws the bitmap at that
 * bitmap's own size when given none, so a bitmap already scaled to a long edge
 * of at most maxUploadEdgePx is what gets saved. This relies on how Decap
 * 3.16 decodes an upload; the CMS test that uploads a 4,000 px photo fails if
 * a new version does it another way.
 */
export function limitUploadSize() {
  const decode = window.createImageBitmap.bind(window);
  window.createImageBitmap = (async (image: ImageBitmapSource, ...rest: unknown[]) => {
    if (rest.length > 0 || !(image instanceof Blob)) return (decode as (...args: unknown[]) => Promise<ImageBitmap>)(image, ...rest);
    const bitmap = await decode(image);
    const scale = maxUploadEdgePx / Math.max(bitmap.width, bitmap.height);
    if (scale >= 1) return bitmap;
    const smaller = await decode(bitmap, { resizeWidth: Math.round(bitmap.width * scale), resizeHeight: Math.round(bitmap.height * scale), resizeQuality: "high" });
    bitmap.close();
    return smaller;
  }) as typeof window.createImageBitmap;
}
