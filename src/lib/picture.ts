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
  };
  /** A <link rel="preload"> for the screens on which the image is the largest paint. */
  preload?: { rel: "preload"; as: "image"; type?: string; imageSrcSet: string; imageSizes?: string; media: string; fetchpriority: "high" };
  /** The blurred preview, painted behind the image until it has loaded. */
  placeholder?: string;
}

/**
 * Every image loads lazily: the browser fetches it once layout shows it near
 * the screen. A hero image is the largest paint only where it stands beside
 * the text (`largestPaintMedia`): there a preload fetches it at once and
 * first, in the first format the browser knows. On a phone it sits below the
 * hero text, and fetching it early, at high priority, would only compete with
 * that text's paint (plugins/gatsby-plugin-first-paint/README.md).
 */
export function pictureMarkup(image: ImageData, { largestPaintMedia }: { largestPaintMedia?: string } = {}): PictureMarkup {
  const fallback = image.images.fallback;
  if (!fallback?.src) throw new Error("an image without a fallback source");
  const sources = (image.images.sources ?? []).filter((source) => source.srcSet).map((source) => ({ ...source }));
  const preferred = sources[0] ?? { srcSet: fallback.srcSet ?? fallback.src, sizes: fallback.sizes };
  return {
    sources,
    img: {
      src: fallback.src,
      ...(fallback.srcSet && { srcSet: fallback.srcSet }),
      ...(fallback.sizes && fallback.srcSet && { sizes: fallback.sizes }),
      width: image.width,
      height: image.height,
      loading: "lazy",
      decoding: "async",
    },
    ...(largestPaintMedia && {
      preload: {
        rel: "preload" as const,
        as: "image" as const,
        ...("type" in preferred && preferred.type && { type: preferred.type }),
        imageSrcSet: preferred.srcSet,
        ...(preferred.sizes && { imageSizes: preferred.sizes }),
        media: largestPaintMedia,
        fetchpriority: "high" as const,
      },
    }),
    ...(image.placeholder?.fallback && { placeholder: image.placeholder.fallback }),
  };
}
