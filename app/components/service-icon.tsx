import {
  Baby,
  Bone,
  Cpu,
  Globe,
  HeartPulse,
  MonitorPlay,
  Pill,
  Ribbon,
  ScanLine,
  Syringe,
  Waves,
  type LucideIcon,
} from "lucide-react";
import type { ServiceIconName } from "@domain/catalogue";

const ICONS: Record<ServiceIconName, LucideIcon> = {
  bone: Bone,
  waves: Waves,
  "monitor-play": MonitorPlay,
  "scan-line": ScanLine,
  "heart-pulse": HeartPulse,
  baby: Baby,
  syringe: Syringe,
  pill: Pill,
  globe: Globe,
  ribbon: Ribbon,
  cpu: Cpu,
};

/** A catalogue icon name drawn as its lucide-react icon. Decorative: the service name always sits beside it. */
export function ServiceIcon({
  name,
  size = 24,
  className,
}: {
  name: ServiceIconName;
  size?: number;
  className?: string;
}) {
  const Icon = ICONS[name];
  return <Icon aria-hidden="true" focusable="false" size={size} strokeWidth={2} className={className} />;
}
