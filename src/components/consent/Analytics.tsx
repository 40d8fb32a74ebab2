import { useEffect } from "react";
import { analyticsId, startAnalytics, stopAnalytics } from "../../lib/analytics";
import { useConsent } from "./useConsent";

/** Starts GA4 once the visitor allows analytics, and stops it (and clears its cookies) when they withdraw. */
export function Analytics() {
  const { record, allows } = useConsent();
  const allowed = allows("analytics");
  const known = record !== undefined;
  useEffect(() => {
    if (!analyticsId || !known) return;
    if (allowed) startAnalytics(analyticsId);
    else stopAnalytics(analyticsId);
  }, [allowed, known]);
  return null;
}
