import { useEffect, useState } from "react";
import { useConsentSettings } from "./useConsent";

const loadSettings = () => import("./CookieSettings");
type CookieSettingsComponent = Awaited<ReturnType<typeof loadSettings>>["CookieSettings"];

/** The settings dialog's code loads when a visitor first opens it: most never do. */
export function CookieSettingsLoader() {
  const { open } = useConsentSettings();
  const [CookieSettings, setCookieSettings] = useState<CookieSettingsComponent | null>(null);
  useEffect(() => {
    if (open && !CookieSettings) void loadSettings().then((module) => setCookieSettings(() => module.CookieSettings));
  }, [open, CookieSettings]);
  return CookieSettings ? <CookieSettings /> : null;
}
