/**
 * A processed image (gatsby-plugin-image's data, from gatsby-transformer-sharp)
 * as plain HTML: <picture> with a <source> per modern format and an <img> that
 * is in the page from the first byte, with its size, so it shows without
 * JavaScript and costs no script. Pure: Picture.tsx renders it.
 */
export interface ImageData {
  width: number;
  height: number;
  images: {
    fallback?: { src: string; srcSet?: string; sizes?: string };
    sources?: readonly { srcSet: string; type?: string; sizes?: string; media?: string }[];
  };
  placeholder?: { fallback?: string };
}

export interface PictureMarkup {
  sources: { srcSet: string; type?: string; sizes?: string; media?: string }[];
  img: {
    src: string;
    srcSet?: string;
    sizes?: string;
    width: number;
    height: number;
    loading: "lazy";
    decoding: "async";
    fetchpriority?: "high";
  };
  /** The blurred preview, painted behind the image until it has loaded. */
  placeholder?: string;
}

/**
 * Every image loads lazily: the browser fetches it once layout shows it near
 * the screen. A hero image (`priority`) is the largest paint on a wide screen,
 * beside the text, so it is fetched first there; on a phone it sits below the
 * hero text, and fetching it before the first paint would only delay that
 * paint (docs/performance.md).
 */
export function pictureMarkup(image: ImageData, { priority = false }: { priority?: boolean } = {}): PictureMarkup {
  const fallback = image.images.fallback;
  if (!fallback?.src) throw new Error("an image without a fallback source");
  return {
    sources: (image.images.sources ?? []).filter((source) => source.srcSet).map((source) => ({ ...source })),
    img: {
      src: fallback.src,
      ...(fallback.srcSet && { srcSet: fallback.srcSet }),
      ...(fallback.sizes && fallback.srcSet && { sizes: fallback.sizes }),
      width: image.width,
      height: image.height,
      loading: "lazy",
      decoding: "async",
      ...(priority && { fetchpriority: "high" as const }),
    },
    ...(image.placeholder?.fallback && { placeholder: image.placeholder.fallback }),
  };
}
