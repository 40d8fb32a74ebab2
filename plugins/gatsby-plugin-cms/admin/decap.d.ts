/**
 * The part of Decap CMS's browser API (window.CMS, window.h) that
 * plugins/gatsby-plugin-cms/admin/admin.ts uses; vendor/decap-cms/ is a prebuilt bundle without types.
 */
import type { ReactElement } from "react";

/** An entry's data as Decap holds it: an Immutable Map. */
export interface DecapData {
  toJS(): Record<string, unknown>;
  deleteIn(path: (string | number)[]): DecapData;
}

export interface DecapEntry {
  get(key: "data"): DecapData;
  get(key: "collection" | "slug"): string;
}

export interface PreviewProps {
  entry: DecapEntry;
  getAsset(path: string): { toString(): string } | undefined;
  widgetFor(name: string): ReactElement | null;
}

export type CreateElement = (type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]) => ReactElement;

export interface DecapCms {
  registerCustomFormat(
    name: string,
    extension: string,
    /** toFile gets the entry's top-level field names, in the configuration's order. */
    formatter: { fromFile(text: string): Record<string, unknown>; toFile(data: Record<string, unknown>, fields: string[]): string },
  ): void;
  registerPreviewTemplate(collection: string, component: (props: PreviewProps) => ReactElement): void;
  registerPreviewStyle(style: string, options?: { raw: boolean }): void;
  /** A preSave handler returns the data to save, or throws to refuse the save with its message. */
  registerEventListener(listener: { name: "preSave"; handler(event: { entry: DecapEntry }): DecapData }): void;
  /** After the entry is written (committed, with the GitHub backend). */
  registerEventListener(listener: { name: "postSave"; handler(event: { entry: DecapEntry }): void }): void;
}

declare global {
  interface Window {
    CMS: DecapCms;
    h: CreateElement;
  }
}
