import {
  BadgeCheck,
  Building2,
  Clock,
  Droplets,
  Factory,
  Grid3x3,
  Hammer,
  Home,
  Layers,
  type LucideIcon,
  type LucideProps,
  Receipt,
  ShieldCheck,
  Star,
  Thermometer,
  Users,
  Warehouse,
  Waves,
} from "lucide-react";
import type { IconName } from "../../lib/content-schema";

/** Content files name icons by concept; this is the one place that picks the drawing. */
const icons: Record<IconName, LucideIcon> = {
  badge: BadgeCheck,
  building: Building2,
  chimney: Warehouse,
  clock: Clock,
  droplets: Droplets,
  factory: Factory,
  grid: Grid3x3,
  gutter: Waves,
  hammer: Hammer,
  house: Home,
  layers: Layers,
  receipt: Receipt,
  shield: ShieldCheck,
  star: Star,
  thermometer: Thermometer,
  users: Users,
};

export function Icon({ name, ...props }: { name: string } & LucideProps) {
  const Drawing = icons[name as IconName] ?? BadgeCheck;
  return <Drawing aria-hidden="true" focusable="false" {...props} />;
}
