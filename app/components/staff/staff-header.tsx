import { useEffect, useRef, type KeyboardEvent } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { ROLE_LABELS, type StaffRole } from "@domain/staff-roles";

/**
 * The console's pages; `tab`: always a tab, on a phone too (the rest go in the menu there); `orthanc`: only
 * where the site follows Orthanc (ORTHANC_URL, decision 066).
 */
const LINKS = [
  { to: "/staff", label: "Overview", end: true, managerOnly: false, tab: true },
  { to: "/staff/appointments", label: "Appointments", end: false, managerOnly: false, tab: true },
  { to: "/staff/schedule", label: "Schedule", end: false, managerOnly: false, tab: true },
  { to: "/staff/enquiries", label: "Enquiries", end: false, managerOnly: false, tab: false },
  { to: "/staff/studies", label: "Studies to link", end: false, managerOnly: false, tab: false, orthanc: true },
  { to: "/staff/audit", label: "Audit log", end: false, managerOnly: true, tab: false },
  { to: "/staff/patient-data", label: "Patient data", end: false, managerOnly: true, tab: false },
  { to: "/staff/closures", label: "Closures", end: false, managerOnly: true, tab: false },
  { to: "/staff/accounts", label: "Staff accounts", end: false, managerOnly: true, tab: false },
  { to: "/staff/system", label: "System", end: false, managerOnly: true, tab: false },
];

function SignOut() {
  return (
    <Form method="post" action="/staff/logout" reloadDocument noValidate>
      <button type="submit" className="button button--outline staff-button--small">
        Sign out
      </button>
    </Form>
  );
}

/**
 * The console's own header (decision 035): one line of tabs at most. On a
 * wide screen every page is a tab, beside who is signed in; on a phone or
 * tablet the three daily pages are tabs and a menu (a <details>, so it
 * opens without JavaScript) holds the other pages, the password and
 * sign-out. A manager's pages are listed for managers only; the studies to link, only where
 * the site follows Orthanc (`orthanc`).
 */
export function StaffHeader({ name, role, orthanc }: { name: string; role: StaffRole; orthanc: boolean }) {
  const links = LINKS.filter((link) => (role === "manager" || !link.managerOnly) && (orthanc || !link.orthanc));
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  // Once a page is chosen from the menu (with JavaScript, the page changes without a reload), the menu
  // closes. Only on a change of page: a menu opened before the page hydrated stays open.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  const closeOnEscape = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== "Escape" || !menu.current?.open) return;
    menu.current.open = false;
    menu.current.querySelector("summary")?.focus();
  };
  const who = (
    <span>
      Signed in as <strong>{name}</strong>
      {` (${ROLE_LABELS[role]})`}
    </span>
  );
  return (
    <header className="staff-header">
      <div className="staff-header__inner">
        <p className="staff-header__brand">Staff console</p>
        <details className="staff-menu" ref={menu} onKeyDown={closeOnEscape}>
          <summary className="staff-menu__toggle">Menu</summary>
          <div className="staff-menu__panel">
            <nav aria-label="More pages">
              <ul className="staff-menu__links">
                {links
                  .filter((link) => !link.tab)
                  .map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to} end={link.end} className="staff-menu__link">
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                <li>
                  <NavLink to="/staff/password" className="staff-menu__link">
                    Change password
                  </NavLink>
                </li>
              </ul>
            </nav>
            <p className="staff-menu__who">{who}</p>
            <SignOut />
          </div>
        </details>
        <nav aria-label="Staff console" className="staff-header__nav">
          <ul className="staff-nav">
            {links.map((link) => (
              <li key={link.to} className={link.tab ? undefined : "staff-nav__wide-only"}>
                <NavLink to={link.to} end={link.end} className="staff-nav__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="staff-header__user">
          {who}
          <NavLink to="/staff/password" className="staff-header__account">
            Change password
          </NavLink>
          <SignOut />
        </div>
      </div>
    </header>
  );
}
