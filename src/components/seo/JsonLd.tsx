import { serializeJsonLd } from "../../lib/json-ld";

/** One JSON-LD block in the page head, escaped so content cannot break out of it. */
export function JsonLd({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
