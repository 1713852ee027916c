import { SERVICES, type ServiceKey } from "../catalogue";
import { pregnancy3dPage } from "./3d-pregnancy-scan";
import { advancedTechnologyPage } from "./advanced-technology";
import { boneDensitometryPage } from "./bone-densitometry-dexa-scan";
import { breastUltrasoundPage } from "./breast-ultrasound";
import type { ServicePageContent } from "./content";
import { fluoroscopyPage } from "./fluoroscopy";
import { mammographyPage } from "./mammography";
import { minimallyInvasivePage } from "./minimally-invasive-procedure";
import { painManagementPage } from "./pain-management";
import { remoteReportingPage } from "./remote-reporting";
import { ultrasoundPage } from "./ultrasound";
import { xRayPage } from "./x-ray";

/**
 * The text of every service page, by catalogue key (the type requires one for
 * each service). Kept apart from SERVICES so that the menus, cards and server,
 * which import the catalogue, do not carry every page's text: only the service
 * page route imports this module.
 */
const PAGES = {
  ultrasound: ultrasoundPage,
  xRay: xRayPage,
  fluoroscopy: fluoroscopyPage,
  boneDensitometry: boneDensitometryPage,
  breastUltrasound: breastUltrasoundPage,
  pregnancy3d: pregnancy3dPage,
  minimallyInvasive: minimallyInvasivePage,
  painManagement: painManagementPage,
  remoteReporting: remoteReportingPage,
  mammography: mammographyPage,
  advancedTechnology: advancedTechnologyPage,
} satisfies Record<ServiceKey, ServicePageContent>;

/** The page text of the service with this slug. */
export function findServicePageContent(slug: string): ServicePageContent | undefined {
  const key = (Object.keys(SERVICES) as ServiceKey[]).find((k) => SERVICES[k].slug === slug);
  return key ? PAGES[key] : undefined;
}
