import { Form, NavLink } from "react-router";
import { ROLE_LABELS, type StaffRole } from "@domain/staff-roles";

const LINKS = [
  { to: "/staff", label: "Overview", end: true, managerOnly: false },
  { to: "/staff/appointments", label: "Appointments", end: false, managerOnly: false },
  { to: "/staff/schedule", label: "Schedule", end: false, managerOnly: false },
  { to: "/staff/enquiries", label: "Enquiries", end: false, managerOnly: false },
  { to: "/staff/audit", label: "Audit log", end: false, managerOnly: true },
  { to: "/staff/patient-data", label: "Patient data", end: false, managerOnly: true },
  { to: "/staff/closures", label: "Closures", end: false, managerOnly: true },
  { to: "/staff/accounts", label: "Staff accounts", end: false, managerOnly: true },
  { to: "/staff/system", label: "System", end: false, managerOnly: true },
];

/** The console's own header: its navigation (a manager's pages for managers only), who is signed in, and sign-out. */
export function StaffHeader({ name, role }: { name: string; role: StaffRole }) {
  return (
    <header className="staff-header">
      <div className="staff-header__inner">
        <p className="staff-header__brand">Staff console</p>
        <nav aria-label="Staff console">
          <ul className="staff-nav">
            {LINKS.filter((link) => role === "manager" || !link.managerOnly).map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className="staff-nav__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="staff-header__user">
          <span>
            Signed in as <strong>{name}</strong>
            {` (${ROLE_LABELS[role]})`}
          </span>
          <NavLink to="/staff/password" className="staff-header__account">
            Change password
          </NavLink>
          <Form method="post" action="/staff/logout" reloadDocument>
            <button type="submit" className="button button--outline staff-button--small">
              Sign out
            </button>
          </Form>
        </div>
      </div>
    </header>
  );
}
