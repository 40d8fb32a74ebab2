import { z } from "zod";
import { iconNames } from "../../src/lib/icons";
import { projectCategories, type ProjectCategory } from "../../src/lib/project-filter";

/**
 * The one declaration of every content file's shape. plugins/gatsby-plugin-content validates each
 * file against it (so a broken file fails the build naming file and field) and
 * derives the GraphQL type definitions from it (see graphql-types.ts).
 */


/**
 * GraphQL overrides for fields whose stored string points at something else;
 * the generator adds the outer "!" when the field is required.
 */
export const imageFileType = "File @fileByRelativePath";
const imageFile = { graphql: imageFileType };

/**
 * What a record a link names must be besides existing: `holds` decides, given
 * the record named and the record that names it; `rule` says it, in the
 * build's and content:check's message and, by it, in the CMS's Dutch one
 * (plugins/gatsby-plugin-cms/labels.ts, messages.rules).
 */
interface LinkCondition {
  rule: string;
  holds(target: Readonly<Record<string, unknown>>, source: Readonly<Record<string, unknown>>): boolean;
}

/** A reference from a field to the records of another content type whose `by` field holds its value. */
export interface Link {
  target: string;
  by: string;
  where?: LinkCondition;
}

/** Each link, by the schema of the field that holds it: the one declaration of a reference, walked by linksIn. */
const links = new WeakMap<z.core.$ZodType, Link>();

/**
 * A field that names records of another type: a slug or a list of slugs.
 * GraphQL resolves it to the records (@link), and the build, content:check
 * and the CMS check every value names one that exists and meets `where`. Its
 * JSON Schema carries target and key as `link` too, for the CMS's relation
 * widget (plugins/gatsby-plugin-cms/cms-config.ts).
 */
function link<T extends z.ZodType>(schema: T, target: string, by: string, where?: LinkCondition): T {
  const type = schema instanceof z.ZodArray ? `[${target}!]` : target;
  const linked = schema.meta({ graphql: `${type} @link(by: "${by}")`, link: { target, by } });
  links.set(linked, { target, by, where });
  return linked;
}

const text = z.string().trim().min(1, "must not be empty");
const slug = text.regex(/^[a-z0-9-]+$/, "must be lowercase letters, digits and dashes");
/**
 * A link's address names no fact: facts are filled in as text (facts.ts), and
 * a URL needs them escaped otherwise. A footer link may also leave the site.
 */
const internalPath = text.regex(/^\/[^\s{}]*$/, "must be a site path starting with /, naming no fact");
const siteOrWebAddress = text.regex(/^(\/|https:\/\/)[^\s{}]*$/, "must be a site path starting with / or an https:// address, naming no fact");
const icon = z.enum(iconNames).meta({ graphqlName: "IconName" });
const image = text.regex(/\.(jpe?g|png|webp|avif)$/i, "must be an image file (.jpg, .png, .webp, .avif)");
/**
 * A page's own image, which is also the picture its link preview shows (src/lib/share-image.ts): sharp crops it
 * in its own format, and link previews (WhatsApp, Facebook, LinkedIn) do not show AVIF.
 */
const shareImage = text.regex(/\.(jpe?g|png|webp)$/i, "must be a .jpg, .png or .webp image: it is the page's link preview, and link previews do not show AVIF");

/**
 * A text of at least `min` characters. A pattern rather than a length, so the
 * CMS holds editors to it too (plugins/gatsby-plugin-cms/labels.ts, patterns, words it in Dutch).
 */
const textOfAtLeast = (min: number, why: string) => text.regex(new RegExp(`^[\\s\\S]{${min},}$`), `must be at least ${min} characters: ${why}`);
/** The description a page gives search results and link previews (the meta description): a few words say too little. */
const searchDescription = textOfAtLeast(51, "search results and link previews show it under the page's title");
/** The alt text of a page's link-preview image, which describes the picture to those who cannot see it. */
const shareImageAlt = textOfAtLeast(10, "it describes the page's link-preview picture to those who cannot see it");

const linkItem = z.strictObject({ name: text, href: internalPath });
const phone = z.strictObject({
  display: text,
  e164: z.string().regex(/^\+\d{8,15}$/, "must be an international number such as +31201234567"),
});
/**
 * The blocks several pages share get one GraphQL type each, named here, so a
 * query selects them with the fragment exported next to the component that
 * renders them. Enums are named the same way and become GraphQL enums.
 */
const iconCard = z.strictObject({ icon, title: text, text }).meta({ graphqlName: "IconCard" });
/** A section of icon cards under one heading, such as a page's benefits. */
const iconCardSection = z.strictObject({ title: text, items: z.array(iconCard).min(2) }).meta({ graphqlName: "IconCardSection" });
/** A pattern rather than a refinement, so the CMS holds editors to it too (plugins/gatsby-plugin-cms/cms-config.ts). */
const keyword = text.regex(/^[^A-ZÀ-ÖØ-Þ]*$/, "must be lowercase: messages are lowercased before matching");

const companySchema = z.strictObject({
  name: text,
  legalName: text,
  tagline: text,
  blurb: text,
  phones: z.strictObject({ regular: phone, regional: phone, emergency: phone, mobile: phone }),
  email: z.email("must be an e-mail address"),
  address: z.strictObject({
    street: text,
    postalCode: text.regex(/^\d{4} ?[A-Z]{2}$/, "must be a Dutch postal code such as 1013 AB"),
    city: text,
    country: text.length(2, "must be a two-letter country code"),
  }),
  geo: z.strictObject({ latitude: z.number(), longitude: z.number() }),
  kvk: text.regex(/^\d{8}$/, "must be the 8-digit KvK number"),
  insurance: z.strictObject({ amountEuro: z.number().int().positive(), statement: text }),
  rating: z.strictObject({
    value: z.number().min(1).max(5),
    best: z.number().int().positive(),
    count: z.number().int().nonnegative(),
  }),
  /** schema.org's priceRange for search results: a few euro signs ("€€") or a range, under 100 characters. */
  priceRange: text.max(99, "must be under 100 characters"),
  customers: z.number().int().positive(),
  experienceYears: z.number().int().positive(),
  /** The warranty on the company's work in general; texts name it {warrantyYears}. A service page may state its own. */
  warrantyYears: z.number().int().positive(),
  /** How soon the company is usually on site in an emergency, in hours; texts name it {emergencyArrivalHours}. */
  emergencyArrivalHours: z.number().positive(),
  /** The reply the company promises and keeps a clock on (docs/contact-requests.md, "The reply clock"); texts name each figure by its fact. */
  replyTargets: z.strictObject({
    /** The reply target for a request, in minutes counted in the opening hours; texts name it in hours, {replyTargetHours}. */
    openingMinutes: z.number().int().positive().multipleOf(30, "must be whole or half hours in minutes (30, 60, 90 ...): texts state it in hours"),
    /** The call-back target for an emergency (a leak), in minutes at any hour; texts name it {emergencyReplyMinutes}. */
    emergencyMinutes: z.number().int().positive(),
    /** The outer reply promise, in hours; texts name it {replyPromiseHours}. */
    promiseHours: z.number().int().positive(),
    /** How soon the quote follows the inspection, in hours; texts name it {quoteHours}. */
    quoteHours: z.number().int().positive(),
  }),
  foundedYear: z.number().int().min(1900).max(2100),
  chat: z.strictObject({
    number: text.regex(/^\d{8,15}$/, "must be digits only, with country code (31...)"),
    general: text,
    header: text,
    insulation: text,
  }),
  openingHours: z
    .array(
      z.strictObject({
        day: text,
        dayOfWeek: z.enum(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]).meta({ graphqlName: "DayOfWeek" }),
        hours: text,
        opens: z.string().regex(/^(\d\d:\d\d)?$/, "must be HH:MM or empty"),
        closes: z.string().regex(/^(\d\d:\d\d)?$/, "must be HH:MM or empty"),
      }),
    )
    .length(7, "must list all seven days"),
  emergencyNote: text,
  /** When the phone is answered, beyond the office hours above: "maandag tot en met zaterdag van 08:00 tot 20:00 uur". */
  phoneHours: text,
});

const navigationSchema = z.strictObject({
  main: z.array(linkItem).min(1),
  legal: z.array(z.strictObject({ name: text, href: siteOrWebAddress })).min(1),
});

/** The title and subtitle a page gives the shared contact form. */
const contactFormBlock = z.strictObject({ title: text, subtitle: text }).meta({ graphqlName: "ContactFormBlock" });
/** The closing call to action of a page: a title and a sentence over the call and quote buttons. */
const callBand = z.strictObject({ title: text, text }).meta({ graphqlName: "CallBand" });
/** The red box with the emergency line beside a page's introduction. */
const emergencyBox = z.strictObject({ title: text, text }).meta({ graphqlName: "EmergencyBox" });

/** The search texts and the hero of a page: one GraphQL type each (PageSeo, PageHero), so every page query selects them with one fragment. */
const seo = z.strictObject({ title: text, description: searchDescription }).meta({ graphqlName: "PageSeo" });
const pageHero = z
  .strictObject({ badge: text, title: text, text, points: z.array(text).min(1) })
  .meta({ graphqlName: "PageHero" });
/** A figure set large, such as "Binnen 2 uur" / "ter plaatse bij spoed". */
const keyFact = z.strictObject({ value: text, label: text }).meta({ graphqlName: "KeyFact" });
const processBlock = (min: number, max: number) =>
  z.strictObject({
    title: text,
    steps: z
      .array(z.strictObject({ title: text, description: text }))
      .min(min, `must have ${min} to ${max} steps`)
      .max(max, `must have ${min} to ${max} steps`),
  }).meta({ graphqlName: "ProcessBlock" });
const faqBlock = z.strictObject({
  title: text,
  items: z.array(z.strictObject({ question: text, answer: text })).min(1),
}).meta({ graphqlName: "FaqBlock" });
const materialOption = z.strictObject({ name: text, description: text, features: z.array(text).min(1), price: text });
/** A price always names what it is for (per m², per pan, per meter): "from 150" alone says too little. */
const priceRow = z.strictObject({
  label: text,
  price: text.regex(/\d|\{price:/, "must contain an amount or a {price:…} reference"),
});
/** Which of the company's prefilled chat questions a page's chat buttons send. */
const chatTopic = z.enum(["general", "insulation"]).meta({ graphqlName: "ChatTopic" });

const serviceSchema = z.strictObject({
  slug,
  name: text,
  title: text,
  order: z.number().int(),
  urgent: z.boolean(),
  icon,
  description: text,
  features: z.array(text).min(1),
  /** The "from" price in euro; texts everywhere name it as {price:<slug>} (docs/content.md). Absent when the price is on request. */
  startingPriceEuro: z.number().positive().optional(),
  /**
   * Years of experience this service's page states instead of the company's
   * (docs/requirements.md, 'Facts that pages state differently on purpose'); texts name it {experience:<slug>}.
   */
  experienceYears: z.number().int().positive().optional(),
  price: text,
  image: shareImage.meta(imageFile),
  imageAlt: shareImageAlt,
  seo,
  hero: z.strictObject({ badge: text, text, points: z.array(text).min(1) }),
  keyFacts: z.array(keyFact).min(1).max(4),
  intro: z.strictObject({ title: text, paragraphs: z.array(text).min(1) }),
  benefits: iconCardSection,
  topics: z.array(z.strictObject({ title: text, intro: text.optional(), items: z.array(iconCard).min(1) })),
  materials: z.strictObject({ title: text, intro: text, options: z.array(materialOption).min(2) }).optional(),
  priceBox: z.strictObject({ title: text, rows: z.array(priceRow).min(1), note: text }).optional(),
  emergency: emergencyBox.optional(),
  process: processBlock(4, 5),
  faq: faqBlock,
  reviews: z.strictObject({ title: text, intro: text }),
  chatTopic,
  cta: callBand,
  contactForm: contactFormBlock,
});

const reviewSchema = z.strictObject({
  slug,
  name: text,
  location: text,
  service: text,
  rating: z.number().int().min(1).max(5),
  date: z.iso.date("must be a date such as 2026-01-31"),
  text,
  verified: z.boolean(),
  helpful: z.number().int().nonnegative(),
  projectType: text,
  wouldRecommend: z.boolean(),
});

const homeSchema = z.strictObject({
  seo,
  hero: z.strictObject({
    badge: text,
    title: text,
    text,
    points: z.array(text),
    quoteLabel: text,
    chatLabel: text,
    /** Also the link preview of every page without an image of its own. */
    image: shareImage.meta(imageFile),
    imageAlt: shareImageAlt,
  }),
  trustBadges: z.array(iconCard).min(1),
  stats: z.array(keyFact).min(1),
  contactForm: contactFormBlock,
  services: z.strictObject({
    title: text,
    intro: text,
    /** Six: the cards stand in rows of three (src/pages/index.tsx, cardGrid(3)), two full rows. */
    featured: link(z.array(text).length(6, "must name six services: the cards stand in two full rows of three"), "ServicesJson", "slug"),
    allLabel: text,
  }),
  whyUs: z.strictObject({ title: text, paragraphs: z.array(text).min(1), points: z.array(iconCard).min(1) }),
  about: z.strictObject({ title: text, text, audiences: z.array(iconCard).length(4), linkLabel: text }),
  towns: z.strictObject({ title: text, intro: text }),
  map: z.strictObject({ title: text, text, place: text }),
  reviews: z.strictObject({
    title: text,
    intro: text,
    /** Three: the reviews stand in one row of three (src/pages/index.tsx, cardGrid(3)). */
    featured: link(z.array(text).length(3, "must name three reviews: they stand in one row of three"), "ReviewsJson", "slug"),
    linkLabel: text,
  }),
});

const servicesPageSchema = z.strictObject({
  seo,
  hero: pageHero,
  keyFacts: z.array(keyFact).min(1).max(4),
  services: z.strictObject({ title: text, intro: text }),
  contactForm: contactFormBlock,
  process: processBlock(4, 4),
  cta: callBand,
});

/** docs/requirements.md, 'Page by page': a town page shows two of the town's own reviews, all five stars. */
const townReviewsRule = "must name two reviews: a town page shows two of the town's own reviews, all five stars (docs/requirements.md, 'Page by page')";
const fiveStarReviewFromTown: LinkCondition = {
  rule: "a five-star review from the town itself (docs/requirements.md, 'Page by page')",
  holds: (review, town) =>
    review.rating === 5 && typeof review.location === "string" && typeof town.name === "string" && review.location.includes(town.name),
};

/** A town page's heading names the town: it is what a search for a roofer in that town finds, and what the page is about. */
const townTitleRule = "must name the town (its name): a town page's heading is what a search for a roofer in that town finds";

/** A town's landing page at /dakdekker-{slug}; `order` is its place in every list of towns (form, footer, home). */
const townSchema = z.strictObject({
  slug,
  name: text,
  order: z.number().int(),
  seo,
  hero: pageHero,
  image: shareImage.meta(imageFile),
  imageAlt: shareImageAlt,
  keyFacts: z.array(keyFact).min(2).max(4),
  /** What makes roofs in this town different: housing stock, typical roofs, local rules. */
  local: z.strictObject({ title: text, paragraphs: z.array(text).min(1), points: z.array(iconCard).min(2) }),
  emergency: emergencyBox,
  highlights: z.strictObject({
    title: text,
    intro: text,
    items: z.array(z.strictObject({ service: link(slug, "ServicesJson", "slug"), text })).min(1),
  }),
  /** Services shown with their price from their own file, so a price is written once. */
  prices: z.strictObject({
    title: text,
    intro: text,
    services: link(z.array(slug).min(2).max(6), "ServicesJson", "slug"),
    note: text,
  }),
  districts: z.strictObject({ title: text, intro: text, names: z.array(text).min(1) }),
  reviews: z.strictObject({
    title: text,
    intro: text,
    /** Reviews from this town, shown as "{count}+". */
    count: z.number().int().positive(),
    featured: link(z.array(slug).length(2, townReviewsRule), "ReviewsJson", "slug", fiveStarReviewFromTown),
  }),
  contactForm: contactFormBlock,
  expertise: z.strictObject({ title: text, paragraphs: z.array(text).min(2) }),
  map: z.strictObject({ title: text, text }),
  closing: z.strictObject({ title: text, text }).optional(),
  /** The chatbot's answer to "do you work in this town?": the town's name (lowercase) is always a keyword, these are extra ones. */
  chatbot: z.strictObject({ keywords: z.array(keyword).optional(), question: text, answer: text }),
}).refine((town) => town.hero.title.includes(town.name.trim()), { message: townTitleRule, path: ["hero", "title"] });

export const blogCategories = ["Daklekkage", "Dakbedekking", "Renovatie", "Onderhoud"] as const;

/** The frontmatter of an article in content/blog/ (the body is Markdown under it). */
export const blogPostSchema = z.strictObject({
  title: text,
  /** The card's text on /blog and the article's description in search results. */
  excerpt: searchDescription,
  date: z.iso.date('must be a date in quotes, such as "2026-01-31"'),
  category: z.enum(blogCategories).meta({ graphqlName: "BlogCategory" }),
  image: shareImage.meta(imageFile),
  imageAlt: shareImageAlt,
});

/** The frontmatter of a legal text in content/legal/ (/privacy, /algemene-voorwaarden): `date` is when it last changed. */
const legalPageSchema = z.strictObject({
  title: text,
  /** The page's description in search results. */
  excerpt: searchDescription,
  date: z.iso.date('must be a date in quotes, such as "2026-01-31"'),
});

/** Each folder of Markdown files in content/, with the schema of its frontmatter. */
export const markdownCollections = {
  blog: blogPostSchema,
  legal: legalPageSchema,
} as const;
export type MarkdownCollection = keyof typeof markdownCollections;

/** The texts of /blog and the call to action under every article. */
const blogPageSchema = z.strictObject({
  seo,
  hero: z.strictObject({ badge: text, title: text, text }),
  articles: z.strictObject({ title: text, intro: text }),
  cta: callBand,
});

const imageWithAlt = z.strictObject({ image: image.meta(imageFile), alt: text });
/** An image that may be a page's link preview, with its alt text. */
const shareImageWithAlt = z.strictObject({ image: shareImage.meta(imageFile), alt: shareImageAlt });

/** /over-ons: the company's story, its people and its promises. */
const aboutPageSchema = z.strictObject({
  seo,
  hero: pageHero,
  image: shareImage.meta(imageFile),
  imageAlt: shareImageAlt,
  stats: z.array(keyFact).min(3).max(6),
  story: z.strictObject({
    title: text,
    paragraphs: z.array(text).min(2),
    milestones: z.array(z.strictObject({ year: text, text })).min(2),
  }),
  team: z.strictObject({
    title: text,
    intro: text,
    members: z
      .array(
        z.strictObject({
          name: text,
          role: text,
          experience: text,
          specialization: text,
          text,
          image: image.meta(imageFile),
          imageAlt: text,
        }),
      )
      /** docs/requirements.md, 'Page by page': owner and head roofer, project manager, emergency specialist, side by side in one row of three (src/pages/over-ons.tsx, cardGrid(3)). */
      .length(3, "must be three people: the owner and head roofer, the project manager and the emergency specialist, in one row of three"),
  }),
  guarantees: z.strictObject({ title: text, intro: text, items: z.array(iconCard).min(3) }),
  area: z.strictObject({ title: text, intro: text }),
  contactForm: contactFormBlock,
});

const responsePriorities = ["Hoog", "Gemiddeld", "Standaard"] as const;

/** /spoedservice: what to do now, what it costs and how fast we come. */
const emergencyPageSchema = z.strictObject({
  seo,
  hero: pageHero,
  image: shareImage.meta(imageFile),
  imageAlt: shareImageAlt,
  /** The life-safety warning: call 112 first. */
  warning: z.strictObject({ title: text, text }),
  services: z.strictObject({
    title: text,
    intro: text,
    /** Four: the cards stand in one row of four (src/components/emergency/EmergencyServiceCards.tsx, cardGrid(4)). */
    items: z
      .array(z.strictObject({ icon, name: text, description: text, price: text, responseTime: text }))
      .length(4, "must list four emergency services: they stand in one row of four"),
  }),
  areas: z.strictObject({
    title: text,
    intro: text,
    rows: z.array(z.strictObject({ area: text, time: text, priority: z.enum(responsePriorities).meta({ graphqlName: "ResponsePriority" }) })).min(1),
    note: text,
  }),
  whileWaiting: z.strictObject({ title: text, steps: z.array(text).min(2) }),
  experiences: z.strictObject({
    title: text,
    intro: text,
    /** Three: the experiences stand in one row of three (src/pages/spoedservice.tsx, cardGrid(3)). */
    featured: link(z.array(slug).length(3, "must name three reviews: they stand in one row of three"), "ReviewsJson", "slug"),
  }),
  contactForm: contactFormBlock,
  faq: faqBlock,
});

/** One finished project in content/projects/, shown on /projecten with its before and after images. */
const projectSchema = z.strictObject({
  slug,
  order: z.number().int(),
  featured: z.boolean(),
  title: text,
  location: text,
  /** What kind of building or job it was, in words ("Grachtenpand, rijksmonument"). */
  type: text,
  categories: z.array(z.enum(projectCategories).meta({ graphqlName: "ProjectCategory" })).min(1),
  year: z.number().int().min(1990).max(2100),
  duration: text,
  description: text,
  services: link(z.array(slug).min(1), "ServicesJson", "slug"),
  before: imageWithAlt,
  /** The first featured project's after photo is /projecten's link preview (src/pages/projecten.tsx). */
  after: shareImageWithAlt,
  quote: z.strictObject({ text, name: text }),
});

const projectsPageSchema = z.strictObject({
  seo,
  hero: pageHero,
  stats: z.array(keyFact).min(2).max(4),
  featured: z.strictObject({ title: text, intro: text }),
  overview: z.strictObject({
    title: text,
    intro: text,
    allLabel: text,
    /** The filter button's text for each category key used in content/projects/. */
    categories: z.strictObject(Object.fromEntries(projectCategories.map((key) => [key, text])) as Record<ProjectCategory, typeof text>),
  }),
  cta: callBand,
});

const percent = z.number().int().min(0).max(100);

/** /reviews: the rating in figures, then the reviews of content/reviews/. */
const reviewsPageSchema = z.strictObject({
  seo,
  hero: pageHero,
  distribution: z
    .array(z.strictObject({ stars: z.number().int().min(1).max(5), percent }))
    .length(5, "must give the share of 5, 4, 3, 2 and 1 stars")
    .refine((rows) => rows.reduce((sum, row) => sum + row.percent, 0) === 100, "percentages must add up to 100"),
  aspects: z.strictObject({
    title: text,
    items: z.array(z.strictObject({ name: text, score: z.number().min(1).max(5) })).min(2),
  }),
  platforms: z.strictObject({
    title: text,
    intro: text,
    items: z.array(z.strictObject({ name: text, rating: z.number().min(1).max(5), count: z.number().int().positive() })).min(1),
  }),
  reviews: z.strictObject({
    title: text,
    intro: text,
    /** Shown first, in this order; the other reviews follow newest first behind "Meer reviews". */
    featured: link(z.array(slug).min(1), "ReviewsJson", "slug"),
    pageSize: z.number().int().positive(),
  }),
  cta: callBand,
});

/** /contact: every way to reach the company; the numbers and addresses come from company.json. */
const contactPageSchema = z.strictObject({
  seo,
  hero: pageHero,
  methods: z
    .array(
      z.strictObject({
        kind: z.enum(["phone", "email", "chat"]).meta({ graphqlName: "ContactMethodKind" }),
        title: text,
        description: text,
        secondary: text,
        available: text,
        urgent: z.boolean(),
      }),
    )
    /** Phone, e-mail and chat side by side in one row of three (src/components/company/ContactMethods.tsx, cardGrid(3)), each kind's button its own. */
    .length(3, "must list three ways to reach the company: phone, e-mail and chat")
    .refine((methods) => new Set(methods.map((method) => method.kind)).size === methods.length, "must list each kind once: phone, e-mail and chat"),
  details: z.strictObject({ title: text }),
  hours: z.strictObject({ title: text }),
  area: z.strictObject({ title: text, intro: text, note: text }),
  contactForm: contactFormBlock,
  faq: faqBlock,
  location: z.strictObject({ title: text, text, items: z.array(iconCard).min(3), mapTitle: text }),
});

/** /offerte: why ask us, what it costs, how it goes, then the form. */
const quotePageSchema = z.strictObject({
  seo,
  hero: pageHero,
  /** Four: the benefits stand in one row of four (src/pages/offerte.tsx, at most four columns). */
  benefits: iconCardSection
    .extend({ items: z.array(iconCard).length(4, "must list four benefits: they stand in one row of four") })
    .meta({ graphqlName: "IconCardSection" }),
  services: z.strictObject({
    title: text,
    intro: text,
    /** The quote page's own indicative prices, which differ from the service pages' (docs/requirements.md, 'Facts that pages state differently on purpose'). */
    /** Six: the cards stand in rows of three (src/pages/offerte.tsx, cardGrid(3)), two full rows. */
    items: z
      .array(z.strictObject({ service: link(slug, "ServicesJson", "slug"), price: text, text }))
      .length(6, "must list six services: the cards stand in two full rows of three"),
  }),
  process: processBlock(4, 4),
  contactForm: contactFormBlock,
  stats: z.array(keyFact).min(2).max(4),
  emergency: callBand,
});

/** The chatbot: its name and first message, the canned questions and answers and the reply when none matches. */
const chatbotSchema = z.strictObject({
  assistantName: text,
  greeting: text,
  fallback: text,
  entries: z
    .array(z.strictObject({ keywords: z.array(keyword).min(1), question: text, answer: text }))
    .min(40, "must hold the chatbot's questions and answers (at least 40)"),
});

/** Each GraphQL node type made from content files, with its schema. */
export const contentTypes = {
  CompanyJson: companySchema,
  NavigationJson: navigationSchema,
  HomeJson: homeSchema,
  ServicesJson: serviceSchema,
  ServicesPageJson: servicesPageSchema,
  ReviewsJson: reviewSchema,
  TownsJson: townSchema,
  BlogPageJson: blogPageSchema,
  AboutPageJson: aboutPageSchema,
  EmergencyPageJson: emergencyPageSchema,
  ProjectsJson: projectSchema,
  ProjectsPageJson: projectsPageSchema,
  ReviewsPageJson: reviewsPageSchema,
  ContactPageJson: contactPageSchema,
  QuotePageJson: quotePageSchema,
  ChatbotJson: chatbotSchema,
} as const;

/** A list of services, towns or projects in the site's order: each file's `order`. */
export const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
/** The records of content/, typed from their schemas. */
export type Service = z.infer<typeof serviceSchema>;
export type Review = z.infer<typeof reviewSchema>;
export type Town = z.infer<typeof townSchema>;
export type Chatbot = z.infer<typeof chatbotSchema>;

/** The schema of a content type by its name, for a name read from a path or a node. */
const schemasByType: ReadonlyMap<string, z.ZodType> = new Map(Object.entries(contentTypes));
export const schemaOfType = (typeName: string): z.ZodType | undefined => schemasByType.get(typeName);

/**
 * Reads the records of a content type: getNodesByType in the build, a
 * query's nodeModel, a content folder (content-files.ts) or the CMS's copy
 * of the records (src/lib/paths.ts, cmsRecordsPath).
 */
export type ReadRecords = (type: string) => readonly unknown[];

/** What Gatsby adds to a node beside the content file's own fields. */
const nodeBookkeeping = new Set(["id", "parent", "children", "internal"]);
/** A node's own fields: the record as its content file writes it. */
export const ownFields = (node: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(node).filter(([key]) => !nodeBookkeeping.has(key)));

/** Whether a value is a record of the schema, as written (its input: the schema's trim is for checking only). */
const fits = <S extends z.ZodType>(schema: S, value: unknown): value is z.input<S> => schema.safeParse(value).success;

const typeOfSchema: ReadonlyMap<z.ZodType, string> = new Map(Object.entries(contentTypes).map(([type, schema]) => [schema, type]));

/**
 * The records of a content type, given by its schema (contentTypes.TownsJson),
 * validated with it: the one typed way to read nodes, so no caller casts
 * them. Each stays as its file writes it (a chatbot keyword's leading space
 * is meant: " oud" in content/chatbot.json); one that does not fit stops the
 * build, which has checked every file as it was read.
 */
export function recordsOf<S extends z.ZodType>(read: ReadRecords, schema: S): z.input<S>[] {
  const type = typeOfSchema.get(schema);
  if (type === undefined) throw new Error("recordsOf reads the records of a content type: pass one of contentTypes");
  const records: z.input<S>[] = [];
  for (const node of read(type)) {
    const record = isRecord(node) ? ownFields(node) : node;
    if (!fits(schema, record)) throw new Error(`A ${type} record does not fit its schema: ${schema.safeParse(record).error?.message ?? ""}`);
    records.push(record);
  }
  return records;
}

/** The part of JSON Schema that z.toJSONSchema produces for the content schemas, as the GraphQL types, the CMS's configuration, checks and file format read it. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: (string | number)[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  graphql?: string;
  /** The records a link field names (link above): their type and the field that holds the value. */
  link?: { target: string; by: string };
  /** One named GraphQL type for an object shape that several content types share. */
  graphqlName?: string;
}

/** A content schema as JSON Schema, its metadata (graphql, graphqlName) included. */
export const toJsonSchema = (schema: z.core.$ZodType): JsonSchema => z.toJSONSchema(schema, { io: "input" }) as JsonSchema;

/**
 * The node type of a JSON file, from its path relative to content/: a file at
 * the top level is named after itself (company.json: CompanyJson), a file in a
 * folder after the folder (services/daklekkage.json: ServicesJson).
 */
export function contentTypeFor(relativePath: string): string {
  const parts = relativePath.split("/");
  const base = parts.length > 1 ? parts[parts.length - 2] : parts[0].replace(/\.json$/, "");
  const words = base.split(/[^a-zA-Z0-9]+/).filter(Boolean);
  return words.map((word) => word[0].toUpperCase() + word.slice(1)).join("") + "Json";
}

/**
 * Every link in a schema, with the path to the field that holds it; the
 * checks across files read them here, so a reference is declared once, where
 * its field is (link above).
 */
export function linksIn(schema: z.core.$ZodType, field: readonly string[] = []): { field: readonly string[]; link: Link }[] {
  const found = links.get(schema);
  if (found) return [{ field, link: found }];
  if (schema instanceof z.ZodObject) return Object.entries(schema.shape).flatMap(([key, child]) => linksIn(child, [...field, key]));
  if (schema instanceof z.ZodArray) return linksIn(schema.element, field);
  if (schema instanceof z.ZodOptional) return linksIn(schema.unwrap(), field);
  return [];
}

/** Fields that give a record its page or its place in a list, so two files must not share a value. */
export const uniqueFields = [
  { type: "ServicesJson", key: "slug" },
  { type: "ServicesJson", key: "name" },
  { type: "TownsJson", key: "slug" },
  { type: "TownsJson", key: "name" },
  { type: "ProjectsJson", key: "slug" },
  { type: "ReviewsJson", key: "slug" },
] as const;

/**
 * Where a page's title and description for search results are, by the type
 * of the file that holds them: a JSON file's `seo`, a Markdown file's title
 * and excerpt. No two pages may share one (cross-file.ts): search results tell
 * pages apart by them.
 */
export function searchTextFields(type: string): { title: readonly string[]; description: readonly string[] } {
  return Object.hasOwn(markdownCollections, type) ? { title: ["title"], description: ["excerpt"] } : { title: ["seo", "title"], description: ["seo", "description"] };
}

export type FieldPath = readonly (string | number)[];

/** The values at a field path, each with the path it was found at (a list on the way is walked item by item: highlights.items[2].service). */
export function valuesAt(record: unknown, keys: readonly string[], at: FieldPath = []): { path: FieldPath; value: unknown }[] {
  if (record === undefined || record === null) return [];
  if (Array.isArray(record)) return record.flatMap((item, index) => valuesAt(item, keys, [...at, index]));
  if (keys.length === 0) return [{ path: at, value: record }];
  if (!isRecord(record)) return [];
  const [key, ...rest] = keys;
  return valuesAt(record[key], rest, [...at, key]);
}

/** Every string inside a record, with its field path. */
export function* textsIn(value: unknown, at: FieldPath = []): Generator<{ path: FieldPath; text: string }> {
  if (typeof value === "string") yield { path: at, text: value };
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* textsIn(item, [...at, index]);
  else if (isRecord(value)) for (const [key, item] of Object.entries(value)) yield* textsIn(item, [...at, key]);
}

export const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === "object" && value !== null && !Array.isArray(value);

export interface ContentProblem {
  file: string;
  field: string;
  message: string;
}

export function formatProblem({ file, field, message }: ContentProblem): string {
  return `Content error in ${file}: field "${field}" ${message}`;
}

/** A field path as the messages write it: highlights.items[2].service. */
export function fieldPath(path: readonly PropertyKey[]): string {
  const joined = path.reduce<string>(
    (acc, key) => (typeof key === "number" ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)),
    "",
  );
  return joined || "(root)";
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type") {
    return issue.input === undefined
      ? `is missing (expected ${issue.expected})`
      : `must be ${issue.expected}, not ${JSON.stringify(issue.input)}`;
  }
  if (issue.code === "unrecognized_keys") return `has unknown field(s): ${issue.keys.join(", ")}`;
  if (issue.code === "invalid_value") return `must be one of: ${issue.values.map(String).join(", ")}`;
  return issue.message;
}

/** Validates a content file's parsed JSON; problems name the file and the field path, such as reviews/x.json rating. */
export function validateContent(file: string, typeName: string, data: unknown): ContentProblem[] {
  const schema = schemaOfType(typeName);
  if (!schema) {
    return [{ file, field: "(file)", message: `is not a known content type (${typeName}); declare it in plugins/gatsby-plugin-content/content-schema.ts` }];
  }
  return validateWith(file, schema, data);
}

/** Validates one record (a JSON file, a Markdown file's frontmatter) against its schema, naming file and field of each problem. */
export function validateWith(file: string, schema: z.ZodType, data: unknown): ContentProblem[] {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ file, field: fieldPath(issue.path), message: describeIssue(issue) }));
}

/** Parses a content file's text; a syntax error is a problem of the whole file. */
export function parseContentFile(file: string, source: string): { data?: unknown; problem?: ContentProblem } {
  try {
    return { data: JSON.parse(source) };
  } catch (error) {
    return { problem: { file, field: "(file)", message: `is not valid JSON: ${(error as Error).message}` } };
  }
}
