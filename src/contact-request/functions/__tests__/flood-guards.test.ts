/**
 * @jest-environment node
 */
import { contactLimits } from "../contact-delivery";
import { InstanceLimits, addressBucket } from "../flood-guards";

describe("addressBucket", () => {
  it("counts an IPv4 address as itself, also when it is written as IPv6", () => {
    expect(addressBucket("203.0.113.7")).toBe("203.0.113.7");
    expect(addressBucket("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("counts an IPv6 address by its /64, however it is written", () => {
    expect(addressBucket("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressBucket("2001:0DB8:0000:0000:ffff:1:2:3")).toBe("2001:db8:0:0::/64");
    expect(addressBucket("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressBucket("2001:db8:0:1::1")).not.toBe(addressBucket("2001:db8::1"));
  });

  it("puts a missing or unreadable address in one shared bucket", () => {
    for (const address of [undefined, "", "unknown", "not an address", "300.1.2.3"]) expect(addressBucket(address)).toBe("unknown");
  });
});

describe("InstanceLimits", () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 10, minutes));

  it("allows each bucket its hour's share, and starts again in the next clock hour", () => {
    const limits = new InstanceLimits();
    for (let n = 0; n < contactLimits.requestsPerAddressPerHour; n += 1) expect(limits.allowAddress("203.0.113.7", at(1))).toBe(true);
    expect(limits.allowAddress("203.0.113.7", at(59))).toBe(false);
    expect(limits.allowAddress("203.0.113.8", at(59))).toBe(true);
    expect(limits.allowAddress("203.0.113.7", at(61))).toBe(true);
  });

  it("takes the hour's single mails in a sliding hour and gives back one not sent", () => {
    const limits = new InstanceLimits();
    for (let n = 0; n < contactLimits.mailsPerHour; n += 1) expect(limits.reserveMail(at(n))).toBe(true);
    expect(limits.reserveMail(at(40))).toBe(false);
    limits.releaseMail(at(3));
    expect(limits.reserveMail(at(40))).toBe(true);
    expect(limits.reserveMail(at(40))).toBe(false);
    // An hour after the first mail, its place is free again.
    expect(limits.reserveMail(at(60))).toBe(true);
  });
});
