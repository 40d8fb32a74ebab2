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

  it("fetches a hero image first once the browser lays it out", () => {
    expect(pictureMarkup(image, { priority: true }).img).toMatchObject({ loading: "lazy", fetchpriority: "high" });
  });

  it("leaves out sizes without a srcset, which HTML does not allow", () => {
    const single = pictureMarkup({ ...image, images: { fallback: { src: "/a.jpg", sizes: "100vw" } } });
    expect(single.img).not.toHaveProperty("sizes");
  });

  it("refuses an image without a fallback source", () => {
    expect(() => pictureMarkup({ ...image, images: {} })).toThrow("an image without a fallback source");
  });
});
