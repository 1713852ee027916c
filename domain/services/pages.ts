import { SERVICES, type ServiceKey } from "../catalogue";
import { BASE_LOCALE, type Locale } from "../locale";
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
import { pregnancy3dPage as pregnancy3dPageTn } from "./tn/3d-pregnancy-scan";
import { advancedTechnologyPage as advancedTechnologyPageTn } from "./tn/advanced-technology";
import { boneDensitometryPage as boneDensitometryPageTn } from "./tn/bone-densitometry-dexa-scan";
import { breastUltrasoundPage as breastUltrasoundPageTn } from "./tn/breast-ultrasound";
import { fluoroscopyPage as fluoroscopyPageTn } from "./tn/fluoroscopy";
import { mammographyPage as mammographyPageTn } from "./tn/mammography";
import { minimallyInvasivePage as minimallyInvasivePageTn } from "./tn/minimally-invasive-procedure";
import { painManagementPage as painManagementPageTn } from "./tn/pain-management";
import { remoteReportingPage as remoteReportingPageTn } from "./tn/remote-reporting";
import { ultrasoundPage as ultrasoundPageTn } from "./tn/ultrasound";
import { xRayPage as xRayPageTn } from "./tn/x-ray";
import { ultrasoundPage } from "./ultrasound";
import { xRayPage } from "./x-ray";

/**
 * The text of every service page, by language and catalogue key (the type requires one for each
 * service in each language): English in domain/services/<slug>.ts, Setswana in
 * domain/services/tn/<slug>.ts, written alike so that a translator writes whole sentences
 * (decision 037). Links name the English path; the page puts its language before them. Kept apart
 * from SERVICES so that the menus, cards and server, which import the catalogue, do not carry
 * every page's text: only the service page route imports this module.
 */
export const SERVICE_PAGE_CONTENT: Readonly<Record<Locale, Readonly<Record<ServiceKey, ServicePageContent>>>> = {
  en: {
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
  },
  tn: {
    ultrasound: ultrasoundPageTn,
    xRay: xRayPageTn,
    fluoroscopy: fluoroscopyPageTn,
    boneDensitometry: boneDensitometryPageTn,
    breastUltrasound: breastUltrasoundPageTn,
    pregnancy3d: pregnancy3dPageTn,
    minimallyInvasive: minimallyInvasivePageTn,
    painManagement: painManagementPageTn,
    remoteReporting: remoteReportingPageTn,
    mammography: mammographyPageTn,
    advancedTechnology: advancedTechnologyPageTn,
  },
};

/** The page text of the service with this slug, in a language (English unless given). */
export function findServicePageContent(slug: string, locale: Locale = BASE_LOCALE): ServicePageContent | undefined {
  const key = (Object.keys(SERVICES) as ServiceKey[]).find((k) => SERVICES[k].slug === slug);
  return key ? SERVICE_PAGE_CONTENT[locale][key] : undefined;
}
