import { pictureMarkup, type ImageData } from "../picture";

const image: ImageData = {
  width: 720,
  height: 540,
  images: {
    fallback: { src: "/static/a/720.jpg", srcSet: "/static/a/360.jpg 360w,\n/static/a/720.jpg 720w", sizes: "(min-width: 720px) 720px, 100vw" },
    sources: [
      { srcSet: "/static/a/360.avif 360w,\n/static/a/720.avif 720w", type: "image/avif", sizes: "(min-width: 720px) 720px, 100vw" },
      { srcSet: "", type: "image/webp" },
    ],
  },
  placeholder: { fallback: "data:image/jpeg;base64,AAAA" },
};

describe("pictureMarkup", () => {
  it("gives the <img> its source, size and lazy loading, and a <source> per format that has files", () => {
    const markup = pictureMarkup(image);
    expect(markup.img).toEqual({
      src: "/static/a/720.jpg",
      srcSet: "/static/a/360.jpg 360w,\n/static/a/720.jpg 720w",
      sizes: "(min-width: 720px) 720px, 100vw",
      width: 720,
      height: 540,
      loading: "lazy",
      decoding: "async",
    });
    expect(markup.sources.map((source) => source.type)).toEqual(["image/avif"]);
    expect(markup.placeholder).toBe("data:image/jpeg;base64,AAAA");
  });

  it("preloads a hero image first, in the preferred format, only where it is the largest paint", () => {
    const markup = pictureMarkup(image, { largestPaintMedia: "(min-width: 1100px)" });
    expect(markup.preload).toEqual({
      rel: "preload",
      as: "image",
      type: "image/avif",
      imageSrcSet: "/static/a/360.avif 360w,\n/static/a/720.avif 720w",
      imageSizes: "(min-width: 720px) 720px, 100vw",
      media: "(min-width: 1100px)",
      fetchpriority: "high",
    });
    expect(markup.img).toMatchObject({ loading: "lazy" });
    expect(markup.img).not.toHaveProperty("fetchpriority");
    expect(pictureMarkup(image)).not.toHaveProperty("preload");
  });

  it("preloads the fallback where the build made no other format", () => {
    const jpegOnly = pictureMarkup({ ...image, images: { fallback: image.images.fallback } }, { largestPaintMedia: "(min-width: 1100px)" });
    expect(jpegOnly.preload).toMatchObject({ imageSrcSet: "/static/a/360.jpg 360w,\n/static/a/720.jpg 720w", imageSizes: "(min-width: 720px) 720px, 100vw" });
    expect(jpegOnly.preload).not.toHaveProperty("type");
  });

  it("leaves out sizes without a srcset, which HTML does not allow", () => {
    const single = pictureMarkup({ ...image, images: { fallback: { src: "/a.jpg", sizes: "100vw" } } });
    expect(single.img).not.toHaveProperty("sizes");
  });

  it("refuses an image without a fallback source", () => {
    expect(() => pictureMarkup({ ...image, images: {} })).toThrow("an image without a fallback source");
  });
});
