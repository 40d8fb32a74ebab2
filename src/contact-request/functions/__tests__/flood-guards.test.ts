/**
 * @jest-environment node
 */
import type { Store } from "@netlify/blobs";
import { contactLimits } from "../contact-delivery";
import { AddressLimit, InstanceLimits, addressBucket, type KnownSalt } from "../flood-guards";
import { contactTestServices } from "../../../../scripts/lib/requests/contact-test-setup";

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

describe("AddressLimit", () => {
  const services = contactTestServices([]);
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 10, minutes));

  /** The real store, with each read of an hour's salt noted: every read is a round trip on Netlify. */
  const noting = (store: Store, saltReads: string[]) =>
    new Proxy(store, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property !== "get" || typeof value !== "function") return value;
        return (key: string, ...rest: unknown[]) => {
          if (key.endsWith("/salt")) saltReads.push(key);
          return (value as (...parameters: unknown[]) => unknown).apply(target, [key, ...rest]);
        };
      },
    });

  it("reads the hour's salt from the store until it finds it there, then from memory until the hour turns", async () => {
    const saltReads: string[] = [];
    const known: KnownSalt = {};
    const limit = () => new AddressLimit(noting(services.local.blobs, saltReads), 2, known);
    // The first of the hour makes the salt and reads it back; it keeps nothing, as another writer's salt may still win.
    expect(await limit().allow("203.0.113.7", at(1))).toBe(true);
    expect(saltReads).toHaveLength(2);
    expect(await limit().allow("203.0.113.7", at(2))).toBe(true);
    expect(saltReads).toHaveLength(3);
    expect(await limit().allow("203.0.113.7", at(3))).toBe(false);
    expect(await limit().allow("203.0.113.8", at(4))).toBe(true);
    expect(saltReads).toHaveLength(3);
    // A new hour, a new salt: the count starts again.
    expect(await limit().allow("203.0.113.7", at(61))).toBe(true);
    expect(saltReads).toHaveLength(5);
  });
});
