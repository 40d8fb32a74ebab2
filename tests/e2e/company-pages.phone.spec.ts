import { expect, test } from "./fixtures";
import { every100ms, openHydrated, section } from "./helpers";

/** At 390 px only (playwright.config.ts, `*.phone.spec.ts`): touch is the phone's way to drag. */

test.describe("/projecten", () => {
  test("before and after compare by touch, dragging the handle", async ({ page }) => {
    await openHydrated(page, "/projecten");
    const slider = section(page, "uitgelicht").getByRole("slider").first();
    const frame = slider.locator("..");
    await frame.scrollIntoViewIfNeeded();
    const box = await frame.boundingBox();
    if (!box) throw new Error("the slider has no box");
    const client = await page.context().newCDPSession(page);
    const y = box.y + box.height / 2;
    // Real touch events, as a finger makes them, so the slider sees pointerType "touch".
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number) =>
      client.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
    await touch("touchStart", box.x + box.width / 2);
    for (const share of [0.45, 0.4, 0.35, 0.3, 0.25]) await touch("touchMove", box.x + box.width * share);
    await touch("touchEnd", box.x + box.width * 0.25);
    await expect.poll(async () => Number(await slider.inputValue()), every100ms).toBeLessThan(35);
  });
});
